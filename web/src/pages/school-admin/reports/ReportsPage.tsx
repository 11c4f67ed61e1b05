import { plural } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Download, Printer } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { formatMoney, minorUnits, toMajorUnits } from "#shared/money.ts";
import { REPORT_LIMITS } from "#shared/report-texts.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Button, SecondaryButton } from "../../../components/ui/buttons.tsx";
import { CardFields, CardHeader, type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import { Chart } from "../../../features/charts/Chart.tsx";
import {
  type Reports,
  useReports,
  useSaveOnTimeMinutes,
  useTransportSettings,
} from "../../../features/reports/hooks.ts";
import { activeLocale } from "../../../i18n/i18n.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { downloadText } from "../../../lib/download.ts";
import { useSchoolCurrency, useSchoolZone } from "../../../lib/school-zone.ts";
import {
  absencesByChild,
  byStop,
  fieldTrips,
  invoiceCollection,
  lateRuns,
  onTimeByDay,
  onTimeByRoute,
  type ReportTable,
  ridershipByRoute,
  seatsByBus,
  tableCsv,
  translated,
} from "./report-tables.ts";

const INPUT = "mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-2 text-base sm:w-auto";

/**
 * The school admin's reports (issue 31): for a range of days and a route, on-time performance,
 * ridership, absences, seats used, field trips and invoice collection. Charts where a picture reads
 * faster (each with its figures as a table too), every table to CSV, and the page prints cleanly
 * (the shell, filters and buttons are left off the paper).
 */
export default function ReportsPage() {
  const { t } = useLingui();
  usePageTitle(t`Reports`);
  const zone = useSchoolZone() ?? "UTC";
  const [filter, setFilter] = useState<{ from?: string; to?: string; routeId: string | null }>({ routeId: null });
  const reports = useReports(filter);
  return (
    <>
      <PageHeader
        title={t`Reports`}
        subtitle={t`How the buses ran, who rode, who was absent, how full the buses were, and what was paid.`}
        actions={
          <SecondaryButton className="print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            <Trans>Print or save as PDF</Trans>
          </SecondaryButton>
        }
      />
      <QueryState
        query={reports}
        loading={t`Loading the reports…`}
        failed={t`The reports could not be loaded.`}
        keepDataOnError
      >
        {(data) => (
          <div className="mt-4 space-y-8">
            <Filters data={data} onChange={setFilter} />
            <OnTime data={data} zone={zone} />
            <Ridership data={data} />
            <Absences data={data} />
            <Seats data={data} />
            <Money data={data} />
          </div>
        )}
      </QueryState>
    </>
  );
}

function Filters({
  data,
  onChange,
}: {
  data: Reports;
  onChange: (filter: { from?: string; to?: string; routeId: string | null }) => void;
}) {
  const { t } = useLingui();
  const routeName = data.routes.find((route) => route.id === data.routeId)?.name;
  const { from, to, onTimeMinutes } = data;
  const maxDays = REPORT_LIMITS.maxDays;
  const route = routeName ?? t`every route`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const routeId = String(form.get("routeId") ?? "");
    onChange({ from: String(form.get("from")), to: String(form.get("to")), routeId: routeId || null });
  };
  return (
    <>
      <form
        key={`${data.from}|${data.to}|${data.routeId}`}
        onSubmit={submit}
        aria-label={t`Range and route`}
        className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 print:hidden"
      >
        <label className="text-sm font-medium text-ink">
          <Trans context="date range">From</Trans>
          <input name="from" type="date" required defaultValue={data.from} className={INPUT} />
        </label>
        <label className="text-sm font-medium text-ink">
          <Trans context="date range">To</Trans>
          <input name="to" type="date" required defaultValue={data.to} className={INPUT} />
        </label>
        <label className="text-sm font-medium text-ink">
          <Trans>Route</Trans>
          <select name="routeId" defaultValue={data.routeId ?? ""} className={INPUT}>
            <option value="">{t`Every route`}</option>
            {data.routes.map((route) => (
              <option key={route.id} value={route.id}>
                {route.name} · {sharedText(ROUTE_DIRECTION_LABELS[route.direction])}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" className="min-h-11">
          <Trans>Show</Trans>
        </Button>
        <p className="w-full text-sm text-slate-600">
          <Plural value={maxDays} one="At most # day at a time." other="At most # days at a time." />
        </p>
      </form>
      <p className="text-sm text-slate-700">
        {t`${from} to ${to} · ${route} · on time means the last stop was reached at most ${plural(onTimeMinutes, { one: "# minute", other: "# minutes" })} after it was due.`}
      </p>
      <OnTimeThreshold current={data.onTimeMinutes} />
    </>
  );
}

function OnTimeThreshold({ current }: { current: number }) {
  const { t } = useLingui();
  const settings = useTransportSettings();
  const save = useSaveOnTimeMinutes();
  if (!settings.data) return null;
  const { rideCutoffMinutes } = settings.data;
  return (
    <form
      key={current}
      aria-label={t`On-time threshold`}
      className="flex flex-wrap items-end gap-3 print:hidden"
      onSubmit={(event) => {
        event.preventDefault();
        const minutes = Number(new FormData(event.currentTarget).get("onTimeMinutes"));
        save.mutate({ rideCutoffMinutes, onTimeMinutes: minutes });
      }}
    >
      <label className="text-sm font-medium text-ink">
        <Trans>On-time threshold (minutes)</Trans>
        <input
          name="onTimeMinutes"
          type="number"
          inputMode="numeric"
          min={0}
          max={120}
          step={1}
          required
          defaultValue={current}
          className={`${INPUT} sm:w-24`}
        />
      </label>
      <SecondaryButton type="submit" disabled={save.isPending} className="min-h-11">
        <Trans>Save threshold</Trans>
      </SecondaryButton>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="report-section space-y-4">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/** A report table: a table on wide screens, a card per row on a phone, and its CSV. */
function Table<Row>({
  table,
  rows,
  rowKey,
  empty,
  suffix,
}: {
  table: ReportTable<Row>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
  suffix: string;
}) {
  const { t } = useLingui();
  const caption = translated(table.caption);
  const lowerCaption = caption.toLowerCase();
  const columns: Column<Row>[] = table.columns.map((column, index) => ({
    header: translated(column.header),
    rowHeader: index === 0,
    className: `${index === 0 ? "font-medium text-ink " : ""}${column.numeric ? "text-end tabular-nums" : "wrap-anywhere"}`,
    headerClassName: column.numeric ? "text-end" : "",
    cell: (row: Row) => column.value(row),
  }));
  const [first, ...rest] = table.columns;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-ink">{caption}</h3>
        <SecondaryButton
          className="print:hidden"
          disabled={rows.length === 0}
          onClick={() => downloadText(`${table.name}-${suffix}.csv`, tableCsv(table, rows), "text/csv;charset=utf-8")}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          CSV<span className="sr-only"> {t`of ${lowerCaption}`}</span>
        </SecondaryButton>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <DataTable
          caption={caption}
          rows={rows}
          rowKey={rowKey}
          columns={columns}
          density="compact"
          cardsBelow="md"
          card={(row) => (
            <>
              <CardHeader title={<span className="font-medium text-ink">{first?.value(row)}</span>} />
              <CardFields
                items={rest.map((column) => ({ label: translated(column.header), value: column.value(row) }))}
              />
            </>
          )}
        />
      )}
    </div>
  );
}

const suffixOf = (data: Reports) => `${data.from}-to-${data.to}`;

/** "North Loop · Pickup": a pickup and a drop-off route often share a name. */
function routeLabels(data: Reports) {
  const labels = new Map(
    data.routes.map((route) => [route.id, `${route.name} · ${sharedText(ROUTE_DIRECTION_LABELS[route.direction])}`]),
  );
  return (routeId: string, fallback: string) => labels.get(routeId) ?? fallback;
}

function OnTime({ data, zone }: { data: Reports; zone: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const completed = data.perDay.reduce((sum, day) => sum + day.completed, 0);
  const onTime = data.perDay.reduce((sum, day) => sum + day.onTime, 0);
  const days = data.perDay.filter((day) => day.completed > 0);
  const minutes = data.onTimeMinutes;
  const rate = completed === 0 ? "" : i18n.number(Math.round((onTime / completed) * 100) / 100, { style: "percent" });
  return (
    <Section title={t`On-time performance`}>
      <Chart
        kind="line"
        title={t`On-time rate by day`}
        summary={
          completed === 0
            ? t`No completed runs in this range.`
            : t`${onTime} of ${plural(completed, { one: "# completed run", other: "# completed runs" })} (${rate}) reached their last stop at most ${plural(minutes, { one: "# minute", other: "# minutes" })} after it was due.`
        }
        labels={days.map((day) => day.date.slice(5))}
        labelHeader={t`Day`}
        series={[{ label: t`On time`, values: days.map((day) => Math.round((day.onTime / day.completed) * 100)) }]}
        format={(value) => i18n.number(value / 100, { style: "percent" })}
      />
      <Table
        table={onTimeByRoute(routeLabels(data))}
        rows={data.perRoute}
        rowKey={(row) => row.routeId}
        empty={t`No completed or cancelled runs in this range.`}
        suffix={suffixOf(data)}
      />
      <Table
        table={onTimeByDay}
        rows={data.perDay}
        rowKey={(row) => row.date}
        empty={t`No completed or cancelled runs in this range.`}
        suffix={suffixOf(data)}
      />
      <Table
        table={lateRuns(zone)}
        rows={data.lateRuns}
        rowKey={(row) => row.runId}
        empty={t`No late runs in this range.`}
        suffix={suffixOf(data)}
      />
    </Section>
  );
}

function Ridership({ data }: { data: Reports }) {
  const { t } = useLingui();
  const days = data.perDay.filter((day) => day.completed > 0);
  const riders = days.reduce((sum, day) => sum + day.riders, 0);
  const dayCount = days.length;
  return (
    <Section title={t`Ridership`}>
      <Chart
        kind="bar"
        title={t`Riders by day`}
        summary={t`${plural(riders, { one: "# ride", other: "# rides" })} on ${plural(dayCount, { one: "# day", other: "# days" })} with completed runs.`}
        labels={days.map((day) => day.date.slice(5))}
        labelHeader={t`Day`}
        series={[{ label: t`Riders`, values: days.map((day) => day.riders) }]}
      />
      <Table
        table={ridershipByRoute(routeLabels(data))}
        rows={data.perRoute}
        rowKey={(row) => row.routeId}
        empty={t`No completed runs in this range.`}
        suffix={suffixOf(data)}
      />
      <Table
        table={byStop(routeLabels(data))}
        rows={data.perStop}
        rowKey={(row) => row.stopId}
        empty={t`No taps at any stop in this range.`}
        suffix={suffixOf(data)}
      />
    </Section>
  );
}

function Absences({ data }: { data: Reports }) {
  const { t } = useLingui();
  return (
    <Section title={t`Absences`}>
      <p className="text-sm text-slate-600">
        <Trans>Per stop, the absences are in the table of stops above.</Trans>
      </p>
      <Table
        table={absencesByChild}
        rows={data.perChild}
        rowKey={(row) => row.childId}
        empty={t`No child was marked absent in this range.`}
        suffix={suffixOf(data)}
      />
    </Section>
  );
}

function Seats({ data }: { data: Reports }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const withSeats = data.perBus.filter((bus) => bus.seats !== null && bus.runs > 0);
  return (
    <Section title={t`Seats used`}>
      <Chart
        kind="bar"
        title={t`Seats used per bus`}
        summary={t`The average share of a bus's seats taken on its completed runs.`}
        labels={withSeats.map(({ busNumber }) => t`Bus ${busNumber}`)}
        labelHeader={t`Bus`}
        series={[
          {
            label: t`Seats used`,
            values: withSeats.map((bus) => Math.round((bus.riders / (bus.runs * (bus.seats ?? 1))) * 100)),
          },
        ]}
        format={(value) => i18n.number(value / 100, { style: "percent" })}
      />
      <Table
        table={seatsByBus}
        rows={data.perBus}
        rowKey={(row) => row.busNumber}
        empty={t`No completed runs in this range.`}
        suffix={suffixOf(data)}
      />
    </Section>
  );
}

function Money({ data }: { data: Reports }) {
  const { t } = useLingui();
  const months = data.invoiceMonths;
  const currency = useSchoolCurrency();
  const major = (minor: number) => toMajorUnits(minor, currency);
  const tag = LOCALE_TAGS[activeLocale()];
  return (
    <Section title={t`Field trips and invoices`}>
      <Table
        table={fieldTrips(currency)}
        rows={data.fieldTrips}
        rowKey={(row) => row.id}
        empty={t`No field trip departs in this range.`}
        suffix={suffixOf(data)}
      />
      <Chart
        kind="line"
        title={t`Invoices by month of issue`}
        summary={t`Amounts issued each month (${currency}), and how much of it is paid, pending or overdue now (refunds apart; void invoices left out). Every route: invoices are not per route.`}
        labels={months.map((month) => month.month)}
        labelHeader={t`Month`}
        series={[
          {
            label: t({ message: "Issued", context: "invoices of a month" }),
            values: months.map((month) => major(month.issuedCents)),
          },
          { label: t`Paid`, values: months.map((month) => major(month.paidCents)) },
          { label: t`Pending`, values: months.map((month) => major(month.pendingCents)) },
          { label: t`Overdue`, values: months.map((month) => major(month.overdueCents)) },
        ]}
        format={(value) => formatMoney(Math.round(value * 10 ** minorUnits(currency)), currency, tag)}
      />
      <Table
        table={invoiceCollection(currency)}
        rows={months}
        rowKey={(row) => row.month}
        empty={t`No invoice issued in this range.`}
        suffix={suffixOf(data)}
      />
    </Section>
  );
}
