import { csvDocument } from "#shared/csv.ts";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { formatTime, localDate } from "#shared/school-time.ts";
import type { TripRow } from "../../../features/trips/hooks.ts";
import { TRIP_STATUS_LABELS } from "../../../features/trips/labels.tsx";

/** The visible trips as CSV, times in the school's zone. */
export function tripsCsv(trips: readonly TripRow[], zone: string): string {
  const header = ["Date", "Route", "Type", "Bus", "Driver", "Departure", "Arrival", "Students", "Stops", "Status"];
  const rows = trips.map((trip) => [
    localDate(trip.departureTime, zone),
    trip.routeName,
    ROUTE_DIRECTION_LABELS[trip.routeType],
    trip.busNumber,
    trip.driverName,
    formatTime(trip.departureTime, zone),
    formatTime(trip.arrivalTime, zone),
    trip.studentsCount,
    trip.stops,
    TRIP_STATUS_LABELS[trip.status],
  ]);
  return csvDocument(header, rows);
}
