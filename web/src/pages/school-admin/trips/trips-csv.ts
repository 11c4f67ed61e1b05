import { t } from "@lingui/core/macro";
import { csvDocument } from "#shared/csv.ts";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { localDate } from "#shared/school-time.ts";
import type { TripRow } from "../../../features/trips/hooks.ts";
import { tripStatusLabels } from "../../../features/trips/labels.tsx";
import { zonedTime } from "../../../features/trips/zoned-format.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";

/** The visible trips as CSV, times in the school's zone. */
export function tripsCsv(trips: readonly TripRow[], zone: string): string {
  const header = [
    t`Date`,
    t`Route`,
    t`Type`,
    t`Bus`,
    t`Driver`,
    t`Departure`,
    t`Arrival`,
    t`Students`,
    t`Stops`,
    t`Status`,
  ];
  const statuses = tripStatusLabels();
  const rows = trips.map((trip) => [
    localDate(trip.departureTime, zone),
    trip.routeName,
    sharedText(ROUTE_DIRECTION_LABELS[trip.routeType]),
    trip.busNumber,
    trip.driverName,
    zonedTime(trip.departureTime, zone),
    zonedTime(trip.arrivalTime, zone),
    trip.studentsCount,
    trip.stops,
    statuses[trip.status],
  ]);
  return csvDocument(header, rows);
}
