import { t } from "@lingui/core/macro";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { formatMoney, PLATFORM_CURRENCY } from "#shared/money.ts";
import { PLANS } from "#shared/plans.ts";
import type { PlatformMetrics } from "../../../features/metrics/hooks.ts";
import { activeLocale } from "../../../i18n/i18n.ts";
import { SUBSCRIPTION_STATUS_LABELS } from "../../../lib/labels.ts";

/** The platform's money (plans are priced in it, ADR 0077), as the reader's language writes it. */
export const formatCents = (cents: number) => formatMoney(cents, PLATFORM_CURRENCY, LOCALE_TAGS[activeLocale()]);

/**
 * The metrics page's tables, each defined once: its heading, its header and its rows of cells as
 * people read them (money through `formatCents`), in the reader's language (call it while rendering). The screen shows these cells and the CSV export
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
  const total = t`Total`;
  const weekFrom = t`Week from`;
  const recurring = t`Monthly recurring revenue`;
  const atEnd = (plan: string, value: string) =>
    data.atEnd.find((row) => row.plan === plan && row.status === value)?.schools ?? 0;
  return [
    {
      id: "revenue",
      title: t`Recurring revenue by plan`,
      file: "recurring-revenue",
      header: [t`Plan`, t`Price per month`, t`Active schools`, recurring],
      rows: [
        ...data.revenue.map((row) => [
          PLANS[row.plan].name,
          formatCents(row.priceCents),
          row.schools,
          formatCents(row.recurringCents),
        ]),
        [total, "", data.revenue.reduce((sum, row) => sum + row.schools, 0), formatCents(data.totals.recurringCents)],
      ],
    },
    {
      id: "plan-status",
      title: t`Schools by plan and status at the end of the range`,
      file: "schools-by-plan-and-status",
      header: [t`Plan`, ...STATUSES.map(status), t`All`],
      rows: PLAN_IDS.map((plan) => {
        const counts = STATUSES.map((value) => atEnd(plan, value));
        return [PLANS[plan].name, ...counts, counts.reduce((sum, count) => sum + count, 0)];
      }),
    },
    {
      id: "schools-weekly",
      title: t`Schools by week`,
      file: "schools-by-week",
      header: [
        weekFrom,
        ...STATUSES.map(status),
        ...PLAN_IDS.map((plan) => {
          const name = PLANS[plan].name;
          return t`${name} (not cancelled)`;
        }),
        recurring,
        t`New`,
        t`Cancelled`,
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
      title: t`Weekly active parents and drivers`,
      file: "weekly-active-users",
      header: [weekFrom, t`Active parents`, t`Active drivers`],
      rows: data.weeks.map((row) => [week(row), row.activeParents, row.activeDrivers]),
    },
    {
      id: "payments",
      title: t`Payments and platform fees by week paid`,
      file: "payments",
      header: [
        weekFrom,
        t`Payments`,
        t`Volume`,
        t`Refunded`,
        t`Net volume`,
        t`Platform fees`,
        t`Fees refunded`,
        t`Net platform fees`,
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
          total,
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
