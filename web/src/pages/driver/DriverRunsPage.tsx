import { ChevronRight, MapPin, Users } from "lucide-react";
import { Link } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { formatTime } from "#shared/school-time.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/states.tsx";
import { useDriverRuns } from "../../features/drivers/driver/hooks.ts";
import { TripStatusBadge } from "../../features/trips/labels.tsx";
import { useSchoolZone } from "../../lib/school-zone.ts";

/**
 * `/driver`, Today's runs (ADR 0057): the school's runs assigned to this driver today, in the
 * school's zone, each a large target to its stops and riders. Phone first: one column, glanceable.
 */
export default function DriverRunsPage() {
  usePageTitle("Today's runs · SchoolRide");
  const runs = useDriverRuns();
  const zone = useSchoolZone() ?? "UTC";
  return (
    <div className="space-y-4">
      <PageHeader title="Today's runs" subtitle="Your runs today, by departure. Open one for its stops and riders." />
      <QueryState
        query={runs}
        loading="Loading your runs…"
        failed="Failed to load your runs."
        isEmpty={(data) => data.runs.length === 0}
        empty={<p className="rounded-lg bg-slate-50 p-4 text-slate-700">No runs are assigned to you today.</p>}
      >
        {(data) => (
          <ul aria-label="Today's runs" className="space-y-3">
            {data.runs.map((run) => (
              <li key={run.id}>
                <Link
                  to={`/driver/runs/${run.id}`}
                  className="flex min-h-16 items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span
                    aria-hidden="true"
                    className="h-12 w-2 shrink-0 rounded-full"
                    style={{ backgroundColor: run.colour ?? "#64748b" }}
                  />
                  <span className="min-w-0 flex-1 wrap-anywhere">
                    <span className="flex flex-wrap items-baseline gap-x-2">
                      <span className="text-2xl font-bold text-ink tabular-nums">
                        {formatTime(run.departureTime, zone)}
                      </span>
                      <span className="text-lg font-semibold text-ink">{run.routeName}</span>
                    </span>
                    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                      <span>{ROUTE_DIRECTION_LABELS[run.routeType]}</span>
                      <span>Bus {run.busNumber}</span>
                      <span className="inline-flex items-center gap-1">
                        <MapPin aria-hidden="true" className="h-4 w-4" />
                        {run.stops} {run.stops === 1 ? "stop" : "stops"}
                      </span>
                      <span className="inline-flex items-center gap-1">
                        <Users aria-hidden="true" className="h-4 w-4" />
                        {run.studentsCount} {run.studentsCount === 1 ? "rider" : "riders"}
                      </span>
                      <TripStatusBadge status={run.status} />
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="h-6 w-6 shrink-0 text-slate-500" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
