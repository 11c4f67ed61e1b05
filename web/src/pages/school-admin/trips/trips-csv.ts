import { formatTime, localDate } from "#shared/school-time.ts";
import type { TripRow } from "../../../features/trips/hooks.ts";
import { ROUTE_TYPE_LABELS, TRIP_STATUS_LABELS } from "../../../features/trips/labels.tsx";

/** A CSV cell: quoted, and neutralised when a spreadsheet would read it as a formula. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The visible trips as CSV, times in the school's zone. */
export function tripsCsv(trips: readonly TripRow[], zone: string): string {
  const header = ["Date", "Route", "Type", "Bus", "Driver", "Departure", "Arrival", "Students", "Stops", "Status"];
  const lines = trips.map((trip) =>
    [
      localDate(trip.departureTime, zone),
      trip.routeName,
      ROUTE_TYPE_LABELS[trip.routeType],
      trip.busNumber,
      trip.driverName,
      formatTime(trip.departureTime, zone),
      formatTime(trip.arrivalTime, zone),
      trip.studentsCount,
      trip.stops,
      TRIP_STATUS_LABELS[trip.status],
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.map(csvCell).join(","), ...lines].join("\r\n")}\r\n`;
}
