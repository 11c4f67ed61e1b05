import { ArrowDownToLine, ArrowUpFromLine } from "lucide-react";
import type { RouteType, TripStatus } from "#shared/enums.ts";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { Badge, type Tone } from "../../components/ui/badge.tsx";

export const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  scheduled: "Scheduled",
  "in-progress": "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};
const TRIP_STATUS_TONES: Record<TripStatus, Tone> = {
  scheduled: "blue",
  "in-progress": "amber",
  completed: "green",
  cancelled: "red",
};

export function TripStatusBadge({ status }: { status: TripStatus }) {
  return <Badge tone={TRIP_STATUS_TONES[status]}>{TRIP_STATUS_LABELS[status]}</Badge>;
}

/** The spec's pickup / dropoff icon before the route name. */
export function RouteTypeIcon({ type }: { type: RouteType }) {
  const Icon = type === "pickup" ? ArrowUpFromLine : ArrowDownToLine;
  return (
    <span
      title={ROUTE_DIRECTION_LABELS[type]}
      className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full ${type === "pickup" ? "bg-sky-100 text-sky-800" : "bg-violet-100 text-violet-800"}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">{ROUTE_DIRECTION_LABELS[type]}</span>
    </span>
  );
}
