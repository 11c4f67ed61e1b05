import { Download } from "lucide-react";
import { useState } from "react";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { ATTENDANCE_MARK_LABELS } from "#shared/live-board.ts";
import { formatTime } from "#shared/school-time.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { CardFields, CardHeader, type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import { type AttendanceRow, useAttendanceReport, useLiveRuns } from "../../../features/live-board/hooks.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { downloadText } from "../../../lib/download.ts";
import { useSchoolZone } from "../../../lib/school-zone.ts";
import { attendanceCsv } from "./attendance-csv.ts";

const runLabel = (row: AttendanceRow) =>
  `${row.routeName} · ${ROUTE_DIRECTION_LABELS[row.direction]} · bus ${row.busNumber}`;
/** "7:42 AM · Oak & 5th", or a dash when there is no such event. */
const eventAt = (event: AttendanceRow["boarding"], zone: string) =>
  event ? `${formatTime(event.at, zone)}${event.stopName ? ` · ${event.stopName}` : ""}` : "—";

/** The table's columns (wide screens); a phone shows a card per rider: name and mark, run, stop, boarding and drop. */
function columns(zone: string): Column<AttendanceRow>[] {
  return [
    { header: "Child", rowHeader: true, className: "font-medium text-ink wrap-anywhere", cell: (row) => row.childName },
    { header: "Run", className: "wrap-anywhere", cell: runLabel },
    { header: "Stop", className: "wrap-anywhere", cell: (row) => row.stopName },
    {
      header: "Attendance",
      className: "whitespace-nowrap",
      cell: (row) => sharedText(ATTENDANCE_MARK_LABELS[row.mark]),
    },
    {
      header: "Boarded or absent",
      className: "tabular-nums wrap-anywhere",
      cell: (row) => eventAt(row.boarding, zone),
    },
    { header: "Dropped", className: "tabular-nums wrap-anywhere", cell: (row) => eventAt(row.drop, zone) },
  ];
}

/** Attendance per rider per run, for a day and a route, with its CSV. */
export default function AttendancePage() {
  usePageTitle("Attendance");
  const zone = useSchoolZone() ?? "UTC";
  const [date, setDate] = useState("");
  const [routeId, setRouteId] = useState("");
  const runs = useLiveRuns(date || undefined);
  const report = useAttendanceReport(date || undefined, routeId || null);
  const routes = [...new Map((runs.data?.runs ?? []).map((run) => [run.routeId, run])).values()];
  const day = report.data?.date ?? date;
  return (
    <>
      <PageHeader
        title="Attendance"
        subtitle="Who boarded, was absent or was dropped off, per run: when and where each child got on and off."
        actions={
          <SecondaryButton
            disabled={!report.data || report.data.rows.length === 0}
            onClick={() =>
              report.data &&
              downloadText(
                `attendance-${report.data.date}.csv`,
                attendanceCsv(report.data.date, report.data.rows, zone),
                "text/csv;charset=utf-8",
              )
            }
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </SecondaryButton>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <label className="text-sm font-medium text-ink">
          Day
          <input
            type="date"
            value={day}
            onChange={(event) => setDate(event.target.value)}
            className="ml-2 min-h-11 rounded-md border border-slate-300 px-2"
          />
        </label>
        <label className="text-sm font-medium text-ink">
          Route
          <select
            value={routeId}
            onChange={(event) => setRouteId(event.target.value)}
            className="ml-2 min-h-11 rounded-md border border-slate-300 px-2"
          >
            <option value="">Every route</option>
            {routes.map((run) => (
              <option key={run.routeId} value={run.routeId}>
                {run.routeName} · {ROUTE_DIRECTION_LABELS[run.direction]} · bus {run.busNumber}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState
        query={report}
        loading="Loading the attendance…"
        failed="The attendance could not be loaded."
        isEmpty={(data) => data.rows.length === 0}
        empty={<p className="text-sm text-slate-600">No riders on the runs of this day.</p>}
      >
        {(data) => (
          <DataTable
            caption={`Attendance on ${data.date}`}
            rows={data.rows}
            rowKey={(row) => `${row.runId}-${row.childName}-${row.stopName}`}
            columns={columns(zone)}
            density="compact"
            cardsBelow="md"
            card={(row) => (
              <>
                <CardHeader
                  title={<span className="font-medium text-ink">{row.childName}</span>}
                  aside={
                    <span className="shrink-0 text-sm text-slate-700">
                      {sharedText(ATTENDANCE_MARK_LABELS[row.mark])}
                    </span>
                  }
                />
                <CardFields
                  items={[
                    { label: "Run", value: runLabel(row) },
                    { label: "Stop", value: row.stopName },
                    ...(row.boarding
                      ? [
                          {
                            label: sharedText(ATTENDANCE_MARK_LABELS[row.boarding.status]),
                            value: eventAt(row.boarding, zone),
                          },
                        ]
                      : []),
                    ...(row.drop ? [{ label: "Dropped", value: eventAt(row.drop, zone) }] : []),
                  ]}
                />
              </>
            )}
          />
        )}
      </QueryState>
    </>
  );
}
