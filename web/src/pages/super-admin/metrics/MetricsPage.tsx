import { Download, Printer } from "lucide-react";
import { METRICS_MAX_WEEKS, METRICS_MESSAGES, metricsWeeks } from "#shared/metrics-constants.ts";
import { formatMoney, PLATFORM_CURRENCY } from "#shared/money.ts";

/** The platform's money: plans are priced in it (ADR 0077). */
const formatCents = (cents: number) => formatMoney(cents, PLATFORM_CURRENCY);

import { PLANS } from "#shared/plans.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { DateFilter } from "../../../components/ui/filters.tsx";
import { countOf, formatIsoDay } from "../../../components/ui/format.ts";
import { PageHeader, PageSection } from "../../../components/ui/page-header.tsx";
import { ErrorState, QueryState, StatCard } from "../../../components/ui/states.tsx";
import { Chart } from "../../../features/charts/Chart.tsx";
import { type PlatformMetrics, usePlatformMetrics } from "../../../features/metrics/hooks.ts";
import { downloadText } from "../../../lib/download.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { SUBSCRIPTION_STATUS_LABELS } from "../../../lib/labels.ts";
import { useUrlFilters } from "../../../lib/url-filters.ts";
import { type MetricsTable, metricsCsv, metricsCsvName, metricsTables } from "./metrics-tables.ts";

const FILTER_DEFAULTS = { from: "", to: "" };
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string) => (ISO_DAY.test(value) ? value : "");

/** Whole dollars on a chart's axis (the tables give the cents). */
const dollars = (cents: number) => formatCents(Math.round(cents / 100) * 100).replace(/\.00$/, "");
const weekLabel = (weekStart: string) => formatIsoDay(weekStart).replace(/, \d{4}$/, "");

/**
 * `/super-admin/metrics`: the platform's figures by week (ADR 0072) — recurring revenue, schools by
 * plan and status, new and cancelled schools, weekly active parents and drivers, payments and the
 * platform's fees — over a range in the URL. Every table exports to CSV; the page prints to a clean
 * PDF (the app's frame, the filters and the buttons are left out of the printout).
 */
export default function MetricsPage() {
  usePageTitle("Platform Metrics · SchoolRide");
  const [filters, setFilters] = useUrlFilters(FILTER_DEFAULTS);
  const from = day(filters.from);
  const to = day(filters.to);
  const chosen = Boolean(from && to);
  const problem = !chosen
    ? null
    : from > to
      ? METRICS_MESSAGES.reversed
      : metricsWeeks(from, to).weeks > METRICS_MAX_WEEKS
        ? METRICS_MESSAGES.tooLong
        : null;
  const metrics = usePlatformMetrics(chosen ? { from, to } : undefined, problem === null);
  const shown = metrics.data;

  return (
    <div className="print:[&_h2]:break-after-avoid print:[&_h3]:break-after-avoid">
      <PageHeader
        title="Platform Metrics"
        subtitle="Revenue, schools, active users and payments across the platform, week by week (Monday to Sunday, UTC)."
        actions={
          <SecondaryButton className="print:hidden" onClick={() => window.print()} disabled={!shown}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            Print or save as PDF
          </SecondaryButton>
        }
      />

      <search aria-label="Date range" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 print:hidden">
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <DateFilter
            label="From"
            value={from || (shown?.from ?? "")}
            max={to || undefined}
            onChange={(value) => setFilters({ from: value, to: to || (shown?.to ?? "") })}
            className="min-w-0"
          />
          <DateFilter
            label="To"
            value={to || (shown?.to ?? "")}
            min={from || undefined}
            onChange={(value) => setFilters({ to: value, from: from || (shown?.from ?? "") })}
            className="min-w-0"
          />
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-600">
            Whole weeks in UTC, at most {METRICS_MAX_WEEKS}. Without a range: the last 12 weeks.
          </p>
          {chosen ? <ActionButton onClick={() => setFilters({ from: "", to: "" })}>Last 12 weeks</ActionButton> : null}
        </div>
        {problem ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </search>

      {problem ? null : (
        <div className="mt-6">
          <QueryState
            query={metrics}
            loading="Loading the metrics…"
            failed="Failed to load the metrics."
            keepDataOnError
          >
            {(data) => (
              <div aria-busy={metrics.isFetching} className={metrics.isPlaceholderData ? "opacity-60" : undefined}>
                {metrics.isError ? (
                  <div className="mb-3">
                    <ErrorState>Failed to refresh the metrics. {errorMessage(metrics.error, "")}</ErrorState>
                  </div>
                ) : null}
                <Metrics data={data} />
              </div>
            )}
          </QueryState>
        </div>
      )}
    </div>
  );
}

function Metrics({ data }: { data: PlatformMetrics }) {
  const tables = Object.fromEntries(metricsTables(data).map((table) => [table.id, table]));
  const labels = data.weeks.map((row) => weekLabel(row.weekStart));
  const last = data.weeks.at(-1);
  const peak = (pick: (row: PlatformMetrics["weeks"][number]) => number) =>
    Math.max(0, ...data.weeks.map((row) => pick(row)));
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-700">
        {formatIsoDay(data.weeks[0]?.weekStart ?? data.from)} to {formatIsoDay(data.to)} ·{" "}
        {countOf(data.weeks.length, "week", "weeks")}
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 print:*:break-inside-avoid">
        <StatCard
          label="Monthly recurring revenue"
          value={formatCents(data.totals.recurringCents)}
          detail="Active subscriptions at the end of the range"
        />
        <StatCard
          label="New / cancelled schools"
          value={`${data.totals.newSchools} / ${data.totals.cancelledSchools}`}
          detail="In the range"
        />
        <StatCard
          label="Payment volume"
          value={formatCents(data.totals.netCents)}
          detail={`${formatCents(data.totals.grossCents)} paid, ${formatCents(data.totals.refundedCents)} refunded`}
        />
        <StatCard
          label="Platform fees"
          value={formatCents(data.totals.netFeeCents)}
          detail={`After ${formatCents(data.totals.feeRefundedCents)} given back with refunds`}
        />
      </div>

      <PageSection id="revenue" title="Recurring revenue" aside={<CsvButton table={tables.revenue!} data={data} />}>
        <div className="space-y-4">
          <Chart
            kind="line"
            title="Monthly recurring revenue at the end of each week"
            summary={`Active subscriptions at their plan's monthly price: ${formatCents(last?.recurringCents ?? 0)} at the end of the range, at most ${formatCents(peak((row) => row.recurringCents))} in a week of it.`}
            labels={labels}
            labelHeader="Week from"
            series={[{ label: "Monthly recurring revenue", values: data.weeks.map((row) => row.recurringCents) }]}
            format={dollars}
          />
          <FiguresTable table={tables.revenue!} />
        </div>
      </PageSection>

      <PageSection
        id="schools"
        title="Schools by plan and status"
        aside={<CsvButton table={tables["plan-status"]!} data={data} />}
      >
        <div className="space-y-4">
          <Chart
            kind="line"
            title="Schools by subscription status at the end of each week"
            summary={`At the end of the range: ${(["active", "trialing", "past_due", "pending", "cancelled"] as const)
              .map((status) => `${last?.byStatus[status] ?? 0} ${SUBSCRIPTION_STATUS_LABELS[status]!.toLowerCase()}`)
              .join(", ")}.`}
            labels={labels}
            labelHeader="Week from"
            series={(["active", "trialing", "past_due", "pending", "cancelled"] as const).map((status) => ({
              label: SUBSCRIPTION_STATUS_LABELS[status]!,
              values: data.weeks.map((row) => row.byStatus[status]),
            }))}
          />
          <FiguresTable table={tables["plan-status"]!} />
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h3 className="font-semibold text-ink">Week by week</h3>
            <CsvButton table={tables["schools-weekly"]!} data={data} />
          </div>
          <Chart
            kind="line"
            title="Schools by plan (not cancelled) at the end of each week"
            summary={`At the end of the range: ${(["starter", "professional", "enterprise"] as const)
              .map((plan) => `${last?.byPlan[plan] ?? 0} ${PLANS[plan].name}`)
              .join(", ")}.`}
            labels={labels}
            labelHeader="Week from"
            series={(["starter", "professional", "enterprise"] as const).map((plan) => ({
              label: PLANS[plan].name,
              values: data.weeks.map((row) => row.byPlan[plan]),
            }))}
          />
          <Chart
            kind="line"
            title="New and cancelled schools by week"
            summary={`${data.totals.newSchools} new and ${data.totals.cancelledSchools} cancelled in the range.`}
            labels={labels}
            labelHeader="Week from"
            series={[
              { label: "New", values: data.weeks.map((row) => row.newSchools) },
              { label: "Cancelled", values: data.weeks.map((row) => row.cancelledSchools) },
            ]}
          />
          <FiguresTable table={tables["schools-weekly"]!} />
        </div>
      </PageSection>

      <PageSection
        id="active-users"
        title="Weekly active parents and drivers"
        aside={<CsvButton table={tables["active-users"]!} data={data} />}
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            Parents and drivers who signed in or used the app that week, each counted once.
          </p>
          <Chart
            kind="line"
            title="Weekly active parents and drivers"
            summary={`At most ${peak((row) => row.activeParents)} parents and ${peak((row) => row.activeDrivers)} drivers in a week; ${last?.activeParents ?? 0} and ${last?.activeDrivers ?? 0} in the last week.`}
            labels={labels}
            labelHeader="Week from"
            series={[
              { label: "Parents", values: data.weeks.map((row) => row.activeParents) },
              { label: "Drivers", values: data.weeks.map((row) => row.activeDrivers) },
            ]}
          />
          <FiguresTable table={tables["active-users"]!} />
        </div>
      </PageSection>

      <PageSection
        id="payments"
        title="Payments and platform fees"
        aside={<CsvButton table={tables.payments!} data={data} />}
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            Parents' payments by the week they were paid; refunds given since count against the week of the payment.
          </p>
          <Chart
            kind="bar"
            title="Net payment volume by week"
            summary={`${formatCents(data.totals.netCents)} net in the range (${countOf(data.totals.payments, "payment", "payments")}), of which ${formatCents(data.totals.netFeeCents)} platform fees.`}
            labels={labels}
            labelHeader="Week from"
            series={[{ label: "Net volume", values: data.weeks.map((row) => row.netCents) }]}
            format={dollars}
          />
          <FiguresTable table={tables.payments!} />
        </div>
      </PageSection>
    </div>
  );
}

type Cells = MetricsTable["rows"][number];

/** A table of the page as the CSV has it; a week's first cell reads as a date. Scrolls sideways inside itself on a phone. */
function FiguresTable({ table }: { table: MetricsTable }) {
  const columns: Column<Cells>[] = table.header.map((header, index) => ({
    header,
    rowHeader: index === 0,
    className: index === 0 ? "whitespace-nowrap font-medium text-ink" : "whitespace-nowrap text-right tabular-nums",
    headerClassName: index === 0 ? "" : "text-right",
    cell: (row) => {
      const value = row[index];
      return typeof value === "string" && ISO_DAY.test(value) ? formatIsoDay(value) : value;
    },
  }));
  return (
    <DataTable
      caption={table.title}
      rows={table.rows}
      rowKey={(row) => String(row[0])}
      columns={columns}
      density="compact"
      scrollable
    />
  );
}

function CsvButton({ table, data }: { table: MetricsTable; data: PlatformMetrics }) {
  return (
    <SecondaryButton
      className="print:hidden"
      aria-label={`Export ${table.title.toLowerCase()} as CSV`}
      onClick={() => downloadText(metricsCsvName(table, data), metricsCsv(table), "text/csv;charset=utf-8")}
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      CSV
    </SecondaryButton>
  );
}
