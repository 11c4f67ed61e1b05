import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { useState } from "react";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { ATTENDANCE_MARK_LABELS } from "#shared/live-board.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { CardFields, CardHeader, type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import { type AttendanceRow, useAttendanceReport, useLiveRuns } from "../../../features/live-board/hooks.ts";
import { shortDay, zonedTime } from "../../../features/trips/zoned-format.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { downloadText } from "../../../lib/download.ts";
import { useSchoolZone } from "../../../lib/school-zone.ts";
import { attendanceCsv } from "./attendance-csv.ts";

/** "Oak · Pickup · bus 4": a run as the report names it. */
function runLabel(run: Pick<AttendanceRow, "routeName" | "direction" | "busNumber">): string {
  const { routeName, busNumber } = run;
  const direction = sharedText(ROUTE_DIRECTION_LABELS[run.direction]);
  return t`${routeName} · ${direction} · bus ${busNumber}`;
}
/** A run in a cell: its route's name kept whole among the other words (a Latin name in Arabic text). */
function RunLabel({ row }: { row: AttendanceRow }) {
  const { routeName, busNumber } = row;
  const direction = sharedText(ROUTE_DIRECTION_LABELS[row.direction]);
  return (
    <Trans>
      <bdi>{routeName}</bdi> · {direction} · bus {busNumber}
    </Trans>
  );
}

/** "7:42 AM · Oak & 5th", or a dash when there is no such event. */
const eventAt = (event: AttendanceRow["boarding"], zone: string) =>
  event ? (
    <>
      <span className="whitespace-nowrap">{zonedTime(event.at, zone)}</span>
      {event.stopName ? (
        <>
          {" · "}
          <bdi>{event.stopName}</bdi>
        </>
      ) : null}
    </>
  ) : (
    "—"
  );

/** The table's columns (wide screens); a phone shows a card per rider: name and mark, run, stop, boarding and drop. */
function columns(zone: string): Column<AttendanceRow>[] {
  return [
    {
      header: t`Child`,
      rowHeader: true,
      className: "font-medium text-ink wrap-anywhere",
      cell: (row) => row.childName,
    },
    { header: t`Run`, className: "wrap-anywhere", cell: (row) => <RunLabel row={row} /> },
    { header: t`Stop`, className: "wrap-anywhere", cell: (row) => row.stopName },
    {
      header: t`Attendance`,
      className: "whitespace-nowrap",
      cell: (row) => sharedText(ATTENDANCE_MARK_LABELS[row.mark]),
    },
    {
      header: t`Boarded or absent`,
      className: "tabular-nums wrap-anywhere",
      cell: (row) => eventAt(row.boarding, zone),
    },
    { header: t`Dropped`, className: "tabular-nums wrap-anywhere", cell: (row) => eventAt(row.drop, zone) },
  ];
}

/** Attendance per rider per run, for a day and a route, with its CSV. */
export default function AttendancePage() {
  const { t } = useLingui();
  usePageTitle(t`Attendance`);
  const zone = useSchoolZone() ?? "UTC";
  const [date, setDate] = useState("");
  const [routeId, setRouteId] = useState("");
  const runs = useLiveRuns(date || undefined);
  const report = useAttendanceReport(date || undefined, routeId || null);
  const routes = [...new Map((runs.data?.runs ?? []).map((run) => [run.routeId, run])).values()];
  const day = report.data?.date ?? date;
  const attendanceOn = (isoDay: string) => {
    const shown = shortDay(isoDay);
    return t`Attendance on ${shown}`;
  };
  return (
    <>
      <PageHeader
        title={t`Attendance`}
        subtitle={t`Who boarded, was absent or was dropped off, per run: when and where each child got on and off.`}
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
            <Trans>Export CSV</Trans>
          </SecondaryButton>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <label className="text-sm font-medium text-ink">
          <Trans>Day</Trans>
          <input
            type="date"
            value={day}
            onChange={(event) => setDate(event.target.value)}
            className="ms-2 min-h-11 rounded-md border border-slate-300 px-2"
          />
        </label>
        <label className="text-sm font-medium text-ink">
          <Trans>Route</Trans>
          <select
            value={routeId}
            onChange={(event) => setRouteId(event.target.value)}
            className="ms-2 min-h-11 rounded-md border border-slate-300 px-2"
          >
            <option value="">{t`Every route`}</option>
            {routes.map((run) => (
              <option key={run.routeId} value={run.routeId}>
                {runLabel(run)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState
        query={report}
        loading={t`Loading the attendance…`}
        failed={t`The attendance could not be loaded.`}
        isEmpty={(data) => data.rows.length === 0}
        empty={
          <p className="text-sm text-slate-600">
            <Trans>No riders on the runs of this day.</Trans>
          </p>
        }
      >
        {(data) => (
          <DataTable
            caption={attendanceOn(data.date)}
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
                    { label: t`Run`, value: <RunLabel row={row} /> },
                    { label: t`Stop`, value: row.stopName },
                    ...(row.boarding
                      ? [
                          {
                            label: sharedText(ATTENDANCE_MARK_LABELS[row.boarding.status]),
                            value: eventAt(row.boarding, zone),
                          },
                        ]
                      : []),
                    ...(row.drop ? [{ label: t`Dropped`, value: eventAt(row.drop, zone) }] : []),
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
