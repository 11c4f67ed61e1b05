import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Download, Printer } from "lucide-react";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { METRICS_MAX_WEEKS, METRICS_MESSAGES, metricsWeeks } from "#shared/metrics-constants.ts";
import { PLATFORM_CURRENCY } from "#shared/money.ts";
import { PLANS } from "#shared/plans.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { DateFilter, useUrlFilters } from "../../../components/ui/filters.tsx";
import { formatIsoDay } from "../../../components/ui/format.ts";
import { PageHeader, PageSection } from "../../../components/ui/page-header.tsx";
import { ErrorState, QueryState, StatCard } from "../../../components/ui/states.tsx";
import { Chart } from "../../../features/charts/Chart.tsx";
import { type PlatformMetrics, usePlatformMetrics } from "../../../features/metrics/hooks.ts";
import { activeLocale } from "../../../i18n/i18n.ts";
import { downloadText } from "../../../lib/download.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { SUBSCRIPTION_STATUS_LABELS } from "../../../lib/labels.ts";
import { formatCents, type MetricsTable, metricsTables } from "./metrics-tables.ts";

const FILTER_DEFAULTS = { from: "", to: "" };
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string) => (ISO_DAY.test(value) ? value : "");

/** Whole dollars on a chart's axis (the tables give the cents), in the reader's language. */
const dollars = (cents: number) =>
  new Intl.NumberFormat(LOCALE_TAGS[activeLocale()], {
    style: "currency",
    currency: PLATFORM_CURRENCY,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(Math.round(cents / 100));

/** A week's first day without its year ("Mar 2"), in the reader's language. */
function weekLabel(weekStart: string): string {
  const [year, month, dayOfMonth] = weekStart.split("-").map(Number);
  return new Intl.DateTimeFormat(LOCALE_TAGS[activeLocale()], { month: "short", day: "numeric" }).format(
    new Date(year!, month! - 1, dayOfMonth),
  );
}

/**
 * `/super-admin/metrics`: the platform's figures by week (ADR 0072) — recurring revenue, schools by
 * plan and status, new and cancelled schools, weekly active parents and drivers, payments and the
 * platform's fees — over a range in the URL. Every table exports to CSV; the page prints to a clean
 * PDF (the app's frame, the filters and the buttons are left out of the printout).
 */
export default function MetricsPage() {
  const { t } = useLingui();
  usePageTitle(t`Platform Metrics · SchoolRide`);
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
        title={t`Platform Metrics`}
        subtitle={t`Revenue, schools, active users and payments across the platform, week by week (Monday to Sunday, UTC).`}
        actions={
          <SecondaryButton className="print:hidden" onClick={() => window.print()} disabled={!shown}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            <Trans>Print or save as PDF</Trans>
          </SecondaryButton>
        }
      />

      <search aria-label={t`Date range`} className="mt-6 rounded-lg border border-slate-200 bg-white p-4 print:hidden">
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <DateFilter
            label={t`From`}
            value={from || (shown?.from ?? "")}
            max={to || undefined}
            onChange={(value) => setFilters({ from: value, to: to || (shown?.to ?? "") })}
            className="min-w-0"
          />
          <DateFilter
            label={t`To`}
            value={to || (shown?.to ?? "")}
            min={from || undefined}
            onChange={(value) => setFilters({ to: value, from: from || (shown?.from ?? "") })}
            className="min-w-0"
          />
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-600">
            <Trans>Whole weeks in UTC, at most {METRICS_MAX_WEEKS}. Without a range: the last 12 weeks.</Trans>
          </p>
          {chosen ? (
            <ActionButton onClick={() => setFilters({ from: "", to: "" })}>
              <Trans>Last 12 weeks</Trans>
            </ActionButton>
          ) : null}
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
            loading={t`Loading the metrics…`}
            failed={t`Failed to load the metrics.`}
            keepDataOnError
          >
            {(data) => (
              <div aria-busy={metrics.isFetching} className={metrics.isPlaceholderData ? "opacity-60" : undefined}>
                {metrics.isError ? (
                  <div className="mb-3">
                    <ErrorState>
                      <Trans>Failed to refresh the metrics.</Trans> {errorMessage(metrics.error, "")}
                    </ErrorState>
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
  const { t } = useLingui();
  const tables = Object.fromEntries(metricsTables(data).map((table) => [table.id, table]));
  const labels = data.weeks.map((row) => weekLabel(row.weekStart));
  const last = data.weeks.at(-1);
  const peak = (pick: (row: PlatformMetrics["weeks"][number]) => number) =>
    Math.max(0, ...data.weeks.map((row) => pick(row)));
  const first = formatIsoDay(data.weeks[0]?.weekStart ?? data.from);
  const end = formatIsoDay(data.to);
  const weeks = data.weeks.length;
  const { newSchools, cancelledSchools } = data.totals;
  const paid = formatCents(data.totals.grossCents);
  const refunded = formatCents(data.totals.refundedCents);
  const feesBack = formatCents(data.totals.feeRefundedCents);
  const net = formatCents(data.totals.netCents);
  const fees = formatCents(data.totals.netFeeCents);
  const payments = data.totals.payments;
  const recurringAtEnd = formatCents(last?.recurringCents ?? 0);
  const recurringPeak = formatCents(peak((row) => row.recurringCents));
  const statusAtEnd = (["active", "trialing", "past_due", "pending", "cancelled"] as const).map((status) => ({
    status,
    label: SUBSCRIPTION_STATUS_LABELS[status] ?? status,
    count: last?.byStatus[status] ?? 0,
  }));
  const list = (items: string[]) => new Intl.ListFormat(LOCALE_TAGS[activeLocale()], { type: "unit" }).format(items);
  const statusList = list(statusAtEnd.map(({ label, count }) => `${count} ${label.toLocaleLowerCase()}`));
  const planList = list(
    (["starter", "professional", "enterprise"] as const).map(
      (plan) => `${last?.byPlan[plan] ?? 0} ${PLANS[plan].name}`,
    ),
  );
  const parentsPeak = peak((row) => row.activeParents);
  const driversPeak = peak((row) => row.activeDrivers);
  const parentsLast = last?.activeParents ?? 0;
  const driversLast = last?.activeDrivers ?? 0;
  const weekFrom = t`Week from`;
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-700">
        <Trans>
          {first} to {end}
        </Trans>{" "}
        · <Plural value={weeks} one="# week" other="# weeks" />
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 print:*:break-inside-avoid">
        <StatCard
          label={t`Monthly recurring revenue`}
          value={formatCents(data.totals.recurringCents)}
          detail={t`Active subscriptions at the end of the range`}
        />
        <StatCard
          label={t`New / cancelled schools`}
          value={`${newSchools} / ${cancelledSchools}`}
          detail={t`In the range`}
        />
        <StatCard label={t`Payment volume`} value={net} detail={t`${paid} paid, ${refunded} refunded`} />
        <StatCard label={t`Platform fees`} value={fees} detail={t`After ${feesBack} given back with refunds`} />
      </div>

      <PageSection id="revenue" title={t`Recurring revenue`} aside={<CsvButton table={tables.revenue!} data={data} />}>
        <div className="space-y-4">
          <Chart
            kind="line"
            title={t`Monthly recurring revenue at the end of each week`}
            summary={t`Active subscriptions at their plan's monthly price: ${recurringAtEnd} at the end of the range, at most ${recurringPeak} in a week of it.`}
            labels={labels}
            labelHeader={weekFrom}
            series={[{ label: t`Monthly recurring revenue`, values: data.weeks.map((row) => row.recurringCents) }]}
            format={dollars}
          />
          <FiguresTable table={tables.revenue!} />
        </div>
      </PageSection>

      <PageSection
        id="schools"
        title={t`Schools by plan and status`}
        aside={<CsvButton table={tables["plan-status"]!} data={data} />}
      >
        <div className="space-y-4">
          <Chart
            kind="line"
            title={t`Schools by subscription status at the end of each week`}
            summary={t`At the end of the range: ${statusList}.`}
            labels={labels}
            labelHeader={weekFrom}
            series={statusAtEnd.map(({ status, label }) => ({
              label,
              values: data.weeks.map((row) => row.byStatus[status]),
            }))}
          />
          <FiguresTable table={tables["plan-status"]!} />
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h3 className="font-semibold text-ink">
              <Trans>Week by week</Trans>
            </h3>
            <CsvButton table={tables["schools-weekly"]!} data={data} />
          </div>
          <Chart
            kind="line"
            title={t`Schools by plan (not cancelled) at the end of each week`}
            summary={t`At the end of the range: ${planList}.`}
            labels={labels}
            labelHeader={weekFrom}
            series={(["starter", "professional", "enterprise"] as const).map((plan) => ({
              label: PLANS[plan].name,
              values: data.weeks.map((row) => row.byPlan[plan]),
            }))}
          />
          <Chart
            kind="line"
            title={t`New and cancelled schools by week`}
            summary={t`${newSchools} new and ${cancelledSchools} cancelled in the range.`}
            labels={labels}
            labelHeader={weekFrom}
            series={[
              { label: t`New`, values: data.weeks.map((row) => row.newSchools) },
              { label: t`Cancelled`, values: data.weeks.map((row) => row.cancelledSchools) },
            ]}
          />
          <FiguresTable table={tables["schools-weekly"]!} />
        </div>
      </PageSection>

      <PageSection
        id="active-users"
        title={t`Weekly active parents and drivers`}
        aside={<CsvButton table={tables["active-users"]!} data={data} />}
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            <Trans>Parents and drivers who signed in or used the app that week, each counted once.</Trans>
          </p>
          <Chart
            kind="line"
            title={t`Weekly active parents and drivers`}
            summary={t`At most ${parentsPeak} parents and ${driversPeak} drivers in a week; ${parentsLast} and ${driversLast} in the last week.`}
            labels={labels}
            labelHeader={weekFrom}
            series={[
              { label: t`Parents`, values: data.weeks.map((row) => row.activeParents) },
              { label: t`Drivers`, values: data.weeks.map((row) => row.activeDrivers) },
            ]}
          />
          <FiguresTable table={tables["active-users"]!} />
        </div>
      </PageSection>

      <PageSection
        id="payments"
        title={t`Payments and platform fees`}
        aside={<CsvButton table={tables.payments!} data={data} />}
      >
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            <Trans>
              Parents' payments by the week they were paid; refunds given since count against the week of the payment.
            </Trans>
          </p>
          <Chart
            kind="bar"
            title={t`Net payment volume by week`}
            summary={t`${net} net in the range (${plural(payments, { one: "# payment", other: "# payments" })}), of which ${fees} platform fees.`}
            labels={labels}
            labelHeader={weekFrom}
            series={[{ label: t`Net volume`, values: data.weeks.map((row) => row.netCents) }]}
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
    className: index === 0 ? "whitespace-nowrap font-medium text-ink" : "whitespace-nowrap text-end tabular-nums",
    headerClassName: index === 0 ? "" : "text-end",
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
  const { t } = useLingui();
  const title = table.title.toLocaleLowerCase();
  return (
    <SecondaryButton
      className="print:hidden"
      aria-label={t`Export ${title} as CSV`}
      onClick={async () => {
        // The CSV's code loads when the button is pressed, not with the page.
        const { metricsCsv, metricsCsvName } = await import("./metrics-csv.ts");
        downloadText(metricsCsvName(table, data), metricsCsv(table), "text/csv;charset=utf-8");
      }}
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      CSV
    </SecondaryButton>
  );
}
