import { t } from "@lingui/core/macro";
import { csvDocument } from "#shared/csv.ts";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { ATTENDANCE_MARK_LABELS } from "#shared/live-board.ts";
import type { AttendanceRow } from "../../../features/live-board/hooks.ts";
import { zonedTime } from "../../../features/trips/zoned-format.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";

type Event = AttendanceRow["boarding"];

/** An event's four cells: the time in the school's zone, the stop, where the phone was. Empty when none. */
const eventCells = (event: Event, zone: string) =>
  event ? [zonedTime(event.at, zone), event.stopName ?? "", event.latitude, event.longitude] : ["", "", null, null];

/**
 * The attendance report as CSV (formula-safe cells), times in the school's zone: one line per rider
 * per run, the boarding and the drop side by side. A line per rider keeps a spreadsheet's count of
 * riders, its sort and its filter by child true, and shows a child who boarded but was never dropped
 * on one line, where a line per event would need a pivot to pair them.
 */
export function attendanceCsv(date: string, rows: readonly AttendanceRow[], zone: string): string {
  const header = [
    t`Date`,
    t`Route`,
    t`Direction`,
    t`Bus`,
    t`Child`,
    t`Stop`,
    t`Attendance`,
    t`Boarded or absent at`,
    t`Boarding stop`,
    t`Boarding latitude`,
    t`Boarding longitude`,
    t`Dropped at`,
    t`Drop-off stop`,
    t`Drop-off latitude`,
    t`Drop-off longitude`,
  ];
  return csvDocument(
    header,
    rows.map((row) => [
      date,
      row.routeName,
      sharedText(ROUTE_DIRECTION_LABELS[row.direction]),
      row.busNumber,
      row.childName,
      row.stopName,
      sharedText(ATTENDANCE_MARK_LABELS[row.mark]),
      ...eventCells(row.boarding, zone),
      ...eventCells(row.drop, zone),
    ]),
  );
}
