import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ChevronRight, MapPin, Users } from "lucide-react";
import { Link } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/states.tsx";
import { useDriverRuns } from "../../features/drivers/driver/hooks.ts";
import { TripStatusBadge } from "../../features/trips/labels.tsx";
import { zonedTime } from "../../features/trips/zoned-format.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import { useSchoolZone } from "../../lib/school-zone.ts";

/**
 * `/driver`, Today's runs (ADR 0057): the school's runs assigned to this driver today, in the
 * school's zone, each a large target to its stops and riders. Phone first: one column, glanceable.
 */
export default function DriverRunsPage() {
  const { t } = useLingui();
  usePageTitle(t`Today's runs · SchoolRide`);
  const runs = useDriverRuns();
  const zone = useSchoolZone() ?? "UTC";
  return (
    <div className="space-y-4">
      <PageHeader
        title={t`Today's runs`}
        subtitle={t`Your runs today, by departure. Open one for its stops and riders.`}
      />
      <QueryState
        query={runs}
        loading={t`Loading your runs…`}
        failed={t`Failed to load your runs.`}
        isEmpty={(data) => data.runs.length === 0}
        empty={
          <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
            <Trans>No runs are assigned to you today.</Trans>
          </p>
        }
      >
        {(data) => (
          <ul aria-label={t`Today's runs`} className="space-y-3">
            {data.runs.map((run) => {
              const { busNumber } = run;
              return (
                <li key={run.id}>
                  <Link
                    to={`/driver/runs/${run.id}`}
                    className="flex min-h-16 items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span
                      aria-hidden="true"
                      // Slate by default, the route's colour over it: a kept screen (ADR 0089), whose inline
                      // styles the CSP drops, shows the slate bar until the app draws.
                      className="h-12 w-2 shrink-0 rounded-full bg-slate-500"
                      style={run.colour ? { backgroundColor: run.colour } : undefined}
                    />
                    <span className="min-w-0 flex-1 wrap-anywhere">
                      <span className="flex flex-wrap items-baseline gap-x-2">
                        <span className="text-2xl font-bold text-ink tabular-nums">
                          {zonedTime(run.departureTime, zone)}
                        </span>
                        <span className="text-lg font-semibold text-ink">{run.routeName}</span>
                      </span>
                      <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                        <span>{sharedText(ROUTE_DIRECTION_LABELS[run.routeType])}</span>
                        <span>
                          <Trans>Bus {busNumber}</Trans>
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <MapPin aria-hidden="true" className="h-4 w-4" />
                          <Plural value={run.stops} one="# stop" other="# stops" />
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <Users aria-hidden="true" className="h-4 w-4" />
                          <Plural value={run.studentsCount} one="# rider" other="# riders" />
                        </span>
                        <TripStatusBadge status={run.status} />
                      </span>
                    </span>
                    <ChevronRight aria-hidden="true" className="h-6 w-6 shrink-0 text-slate-500 rtl:-scale-x-100" />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
