import { AlertTriangle, ArrowLeft, HeartPulse } from "lucide-react";
import { Link, useParams } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { minutesToTime } from "#shared/route-texts.ts";
import { formatTime } from "#shared/school-time.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/states.tsx";
import { type DriverRunDetail, useDriverRun } from "../../features/drivers/driver/hooks.ts";
import { TripStatusBadge } from "../../features/trips/labels.tsx";
import { useSchoolZone } from "../../lib/school-zone.ts";

type Stop = DriverRunDetail["stops"][number];

/** A stop's time on the school's clock, "7:30 AM". */
function stopTime(minutes: number): string {
  const [hours, mins] = minutesToTime(minutes).split(":").map(Number) as [number, number];
  return `${hours % 12 || 12}:${String(mins).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

function StopCard({ stop, index }: { stop: Stop; index: number }) {
  const riding = stop.riders.filter((rider) => rider.riding).length;
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-start gap-3 border-b border-slate-100 p-4">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-ink"
        >
          {index + 1}
        </span>
        <div className="min-w-0 flex-1 wrap-anywhere">
          <h2 className="text-lg font-semibold text-ink">
            <span className="sr-only">Stop {index + 1}: </span>
            {stop.name}
          </h2>
          <p className="text-sm text-slate-700">
            <span className="font-semibold tabular-nums">{stopTime(stop.minutes)}</span> · {riding}{" "}
            {riding === 1 ? "rider" : "riders"}
          </p>
        </div>
      </div>
      {stop.riders.length === 0 ? (
        <p className="p-4 text-sm text-slate-600">Nobody boards or leaves here today.</p>
      ) : (
        <ul aria-label={`Riders at ${stop.name}`} className="divide-y divide-slate-100">
          {stop.riders.map((rider) => (
            <li key={rider.childId} className={`min-h-14 p-4 ${rider.riding ? "" : "bg-slate-50"}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className={`text-base font-medium ${rider.riding ? "text-ink" : "text-slate-600 line-through"}`}>
                  {rider.name}
                </span>
                {rider.riding ? null : <Badge tone="slate">Not riding today</Badge>}
              </div>
              {rider.specialNeeds ? (
                <p className="mt-1 flex items-start gap-1 text-sm text-violet-900">
                  <HeartPulse aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  <span className="wrap-anywhere">
                    <span className="font-semibold">Special needs:</span> {rider.specialNeeds}
                  </span>
                </p>
              ) : null}
              {rider.allergyInfo ? (
                <p className="mt-1 flex items-start gap-1 text-sm text-red-800">
                  <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  <span className="wrap-anywhere">
                    <span className="font-semibold">Allergy:</span> {rider.allergyInfo}
                  </span>
                </p>
              ) : null}
              {/* Boarded / Absent / Dropped go here with the live run (issue 28's live engine). */}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * `/driver/runs/:tripId` (ADR 0057): the run's stops in order, each with that day's riders (special
 * needs and allergies shown; a child not riding today listed as such). Large rows, one column.
 */
export default function DriverRunPage() {
  const { tripId = "" } = useParams();
  const run = useDriverRun(tripId);
  const zone = useSchoolZone() ?? "UTC";
  usePageTitle(`${run.data?.run.routeName ?? "Run"} · SchoolRide`);
  return (
    <div className="space-y-4">
      <Link
        to="/driver"
        className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        Today's runs
      </Link>
      {run.data ? null : <PageHeader title="Run" />}
      <QueryState query={run} loading="Loading the run…" failed="Failed to load this run.">
        {({ run: detail, stops }) => (
          <>
            <PageHeader
              title={detail.routeName}
              subtitle={
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold tabular-nums">{formatTime(detail.departureTime, zone)}</span>
                  <span>{ROUTE_DIRECTION_LABELS[detail.routeType]}</span>
                  <span>Bus {detail.busNumber}</span>
                  <span>
                    {detail.studentsCount} {detail.studentsCount === 1 ? "rider" : "riders"}
                  </span>
                  <TripStatusBadge status={detail.status} />
                </span>
              }
            />
            {/* Start run / End run go here with the live run (issue 28's live engine). */}
            {stops.length === 0 ? (
              <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
                This trip is not on a route, so it has no stops to list.
              </p>
            ) : (
              <ol aria-label="Stops in order" className="space-y-3">
                {stops.map((stop, index) => (
                  <StopCard key={stop.id} stop={stop} index={index} />
                ))}
              </ol>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
