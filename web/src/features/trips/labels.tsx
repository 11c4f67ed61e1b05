import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { ArrowDownToLine, ArrowUpFromLine } from "lucide-react";
import type { RouteType, TripStatus } from "#shared/enums.ts";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { Badge, type Tone } from "../../components/ui/badge.tsx";
import { sharedText } from "../../i18n/shared-texts.ts";

export const TRIP_STATUS_LABELS: Record<TripStatus, MessageDescriptor> = {
  scheduled: msg`Scheduled`,
  "in-progress": msg`In Progress`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

/** Every status's label in the active language (for a select's options, a CSV's cells). */
export function tripStatusLabels(): Record<TripStatus, string> {
  return {
    scheduled: i18n._(TRIP_STATUS_LABELS.scheduled),
    "in-progress": i18n._(TRIP_STATUS_LABELS["in-progress"]),
    completed: i18n._(TRIP_STATUS_LABELS.completed),
    cancelled: i18n._(TRIP_STATUS_LABELS.cancelled),
  };
}
const TRIP_STATUS_TONES: Record<TripStatus, Tone> = {
  scheduled: "blue",
  "in-progress": "amber",
  completed: "green",
  cancelled: "red",
};

export function TripStatusBadge({ status }: { status: TripStatus }) {
  const { i18n } = useLingui();
  return <Badge tone={TRIP_STATUS_TONES[status]}>{i18n._(TRIP_STATUS_LABELS[status])}</Badge>;
}

/** The spec's pickup / dropoff icon before the route name. */
export function RouteTypeIcon({ type }: { type: RouteType }) {
  const Icon = type === "pickup" ? ArrowUpFromLine : ArrowDownToLine;
  return (
    <span
      title={sharedText(ROUTE_DIRECTION_LABELS[type])}
      className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full ${type === "pickup" ? "bg-sky-100 text-sky-800" : "bg-violet-100 text-violet-800"}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">{sharedText(ROUTE_DIRECTION_LABELS[type])}</span>
    </span>
  );
}
