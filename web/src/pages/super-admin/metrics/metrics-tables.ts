import { csvDocument } from "#shared/csv.ts";
import { formatMoney, PLATFORM_CURRENCY } from "#shared/money.ts";

/** The platform's money: plans are priced in it (ADR 0077). */
const formatCents = (cents: number) => formatMoney(cents, PLATFORM_CURRENCY);

import { PLANS } from "#shared/plans.ts";
import type { PlatformMetrics } from "../../../features/metrics/hooks.ts";
import { SUBSCRIPTION_STATUS_LABELS } from "../../../lib/labels.ts";

/**
 * The metrics page's tables, each defined once: its heading, its header and its rows of cells as
 * people read them (money through `formatCents`). The screen shows these cells and the CSV export
 * writes the same ones (formula-safe, `csvDocument`), so the file always says what the page says.
 */
export type MetricsTable = {
  id: string;
  title: string;
  /** The file name's middle part: `platform-<file>-<from>-to-<to>.csv`. */
  file: string;
  header: readonly string[];
  rows: readonly (readonly (string | number)[])[];
};

const STATUSES = ["pending", "trialing", "active", "past_due", "cancelled"] as const;
const PLAN_IDS = ["starter", "professional", "enterprise"] as const;

export function metricsTables(data: PlatformMetrics): MetricsTable[] {
  const week = (row: PlatformMetrics["weeks"][number]) => row.weekStart;
  const status = (value: string) => SUBSCRIPTION_STATUS_LABELS[value] ?? value;
  const atEnd = (plan: string, value: string) =>
    data.atEnd.find((row) => row.plan === plan && row.status === value)?.schools ?? 0;
  return [
    {
      id: "revenue",
      title: "Recurring revenue by plan",
      file: "recurring-revenue",
      header: ["Plan", "Price per month", "Active schools", "Monthly recurring revenue"],
      rows: [
        ...data.revenue.map((row) => [
          PLANS[row.plan].name,
          formatCents(row.priceCents),
          row.schools,
          formatCents(row.recurringCents),
        ]),
        ["Total", "", data.revenue.reduce((sum, row) => sum + row.schools, 0), formatCents(data.totals.recurringCents)],
      ],
    },
    {
      id: "plan-status",
      title: "Schools by plan and status at the end of the range",
      file: "schools-by-plan-and-status",
      header: ["Plan", ...STATUSES.map(status), "All"],
      rows: PLAN_IDS.map((plan) => {
        const counts = STATUSES.map((value) => atEnd(plan, value));
        return [PLANS[plan].name, ...counts, counts.reduce((sum, count) => sum + count, 0)];
      }),
    },
    {
      id: "schools-weekly",
      title: "Schools by week",
      file: "schools-by-week",
      header: [
        "Week from",
        ...STATUSES.map(status),
        ...PLAN_IDS.map((plan) => `${PLANS[plan].name} (not cancelled)`),
        "Monthly recurring revenue",
        "New",
        "Cancelled",
      ],
      rows: data.weeks.map((row) => [
        week(row),
        ...STATUSES.map((value) => row.byStatus[value]),
        ...PLAN_IDS.map((plan) => row.byPlan[plan]),
        formatCents(row.recurringCents),
        row.newSchools,
        row.cancelledSchools,
      ]),
    },
    {
      id: "active-users",
      title: "Weekly active parents and drivers",
      file: "weekly-active-users",
      header: ["Week from", "Active parents", "Active drivers"],
      rows: data.weeks.map((row) => [week(row), row.activeParents, row.activeDrivers]),
    },
    {
      id: "payments",
      title: "Payments and platform fees by week paid",
      file: "payments",
      header: [
        "Week from",
        "Payments",
        "Volume",
        "Refunded",
        "Net volume",
        "Platform fees",
        "Fees refunded",
        "Net platform fees",
      ],
      rows: [
        ...data.weeks.map((row) => [
          week(row),
          row.payments,
          formatCents(row.grossCents),
          formatCents(row.refundedCents),
          formatCents(row.netCents),
          formatCents(row.feeCents),
          formatCents(row.feeRefundedCents),
          formatCents(row.netFeeCents),
        ]),
        [
          "Total",
          data.totals.payments,
          formatCents(data.totals.grossCents),
          formatCents(data.totals.refundedCents),
          formatCents(data.totals.netCents),
          formatCents(data.totals.feeCents),
          formatCents(data.totals.feeRefundedCents),
          formatCents(data.totals.netFeeCents),
        ],
      ],
    },
  ];
}

/** A table as a CSV document. */
export function metricsCsv(table: MetricsTable): string {
  return csvDocument(table.header, table.rows);
}

/** The CSV file's name: what it holds and its range. */
export function metricsCsvName(table: MetricsTable, data: Pick<PlatformMetrics, "from" | "to">): string {
  return `platform-${table.file}-${data.from}-to-${data.to}.csv`;
}
