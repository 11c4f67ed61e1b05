import { csvDocument } from "#shared/csv.ts";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { ATTENDANCE_MARK_LABELS } from "#shared/live-board.ts";
import { formatTime } from "#shared/school-time.ts";
import type { AttendanceRow } from "../../../features/live-board/hooks.ts";

/** The attendance report as CSV (formula-safe cells), times in the school's zone. */
export function attendanceCsv(date: string, rows: readonly AttendanceRow[], zone: string): string {
  const header = ["Date", "Route", "Direction", "Bus", "Child", "Stop", "Attendance", "Time", "Latitude", "Longitude"];
  return csvDocument(
    header,
    rows.map((row) => [
      date,
      row.routeName,
      ROUTE_DIRECTION_LABELS[row.direction],
      row.busNumber,
      row.childName,
      row.stopName,
      ATTENDANCE_MARK_LABELS[row.mark],
      row.at ? formatTime(row.at, zone) : "",
      row.latitude,
      row.longitude,
    ]),
  );
}
