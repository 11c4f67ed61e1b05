import { sql } from "drizzle-orm";
import { activityWeekCounts, paymentWeeks, schoolPlanHistory } from "#db/schema/index.ts";
import { PLANS as SCHOOL_PLANS, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "#db/schema/schools.ts";
import { defaultMetricsRange, metricsWeeks, type PlatformMetricsInput, utcDay, WEEK_MS } from "#shared/metrics.ts";
import { PLANS, type PlanId, planForPupils } from "#shared/plans.ts";
import type { Scope } from "../_shared/scope.ts";

/**
 * The super admin's platform metrics (ADR 0072), by week (Monday to Sunday, UTC) over a range of at
 * most 53 weeks, in one round trip of three queries whose cost follows the schools and the weeks, not
 * the platform's users or payments:
 *
 * - schools by plan and status at the end of each week, from `school_plan_history` (the state
 *   before the range, then each period's start and end in the range, summed week by week);
 * - recurring revenue: the schools whose subscription is `active` at the end of each week, times
 *   their plan's monthly price (`PLANS`; a school without a plan pays its pupil count's);
 * - new schools (created) and cancelled schools (their status became `cancelled`) in each week;
 * - weekly active parents and drivers, from `activity_week_counts` (kept from `user_activity_weeks`);
 * - payments by the week they were paid, from `payment_weeks` (kept by triggers on `payments`):
 *   count, volume, what was refunded of them, the platform's application fees and the part of the
 *   fees a refund gave back (in proportion, as Stripe does with `refund_application_fee`, to the cent).
 */

type Counts = { plan: PlanId; status: SubscriptionStatus; schools: number };

type HistoryRow = {
  week: number | null;
  plan: string | null;
  pupils: number | null;
  status: string;
  delta: number;
  opened: number;
  cancelled: number;
};
type ActivityRow = { week: number; role: string; users: number };
type PaymentRow = { week: number; count: number; gross: number; refunded: number; fees: number; feesRefunded: number };

const planOf = (plan: string | null, pupils: number | null): PlanId =>
  plan && plan in PLANS ? (plan as PlanId) : planForPupils(pupils ?? 0);

const zeroByStatus = () =>
  Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, 0])) as Record<SubscriptionStatus, number>;
const zeroByPlan = () => Object.fromEntries(SCHOOL_PLANS.map((plan) => [plan, 0])) as Record<PlanId, number>;

/** Recurring revenue of a state: the schools whose subscription is active, at their plan's monthly price. */
function recurringCents(state: Map<string, number>): number {
  let cents = 0;
  for (const [key, schools] of state) {
    const [plan, status] = key.split(":") as [PlanId, SubscriptionStatus];
    if (status === "active") cents += schools * PLANS[plan].priceCents;
  }
  return cents;
}

export async function platformMetrics(scope: Scope, input: PlatformMetricsInput) {
  const { db } = scope.deps;
  const range = input ?? defaultMetricsRange(scope.now);
  const { startMs, endMs, weeks } = metricsWeeks(range.from, range.to);
  const h = schoolPlanHistory;
  // The driver binds JS numbers as reals: the week index is truncated back to an integer.
  const weekOf = (column: unknown) => sql`cast((${column} - ${startMs}) / ${WEEK_MS} as integer)`;
  const pupils = sql`case when ${h.plan} is null then coalesce(${h.pupilCount}, 0) end`;
  const inRange = (column: unknown) => sql`${column} >= ${startMs} and ${column} < ${endMs}`;

  const [history, activity, paid] = await db.batch([
    // The state just before the range (week null), then every period's start (+1) and end (-1) in it.
    db.all<HistoryRow>(sql`
      select null as week, ${h.plan} as plan, ${pupils} as pupils, ${h.status} as status, count(*) as delta,
        0 as opened, 0 as cancelled
      from ${h} where ${h.validFrom} < ${startMs} and (${h.validTo} is null or ${h.validTo} >= ${startMs})
      group by 2, 3, 4
      union all
      select ${weekOf(h.validFrom)}, ${h.plan}, ${pupils}, ${h.status}, count(*),
        sum(${h.fromStatus} is null),
        sum(${h.status} = 'cancelled' and ${h.fromStatus} is not null and ${h.fromStatus} <> 'cancelled')
      from ${h} where ${inRange(h.validFrom)}
      group by 1, 2, 3, 4
      union all
      select ${weekOf(h.validTo)}, ${h.plan}, ${pupils}, ${h.status}, -count(*), 0, 0
      from ${h} where ${inRange(h.validTo)}
      group by 1, 2, 3, 4`),
    db.all<ActivityRow>(sql`
      select ${weekOf(activityWeekCounts.weekStart)} as week, ${activityWeekCounts.userRole} as role,
        ${activityWeekCounts.users} as users
      from ${activityWeekCounts} where ${inRange(activityWeekCounts.weekStart)}`),
    db.all<PaymentRow>(sql`
      select ${weekOf(paymentWeeks.weekStart)} as week, ${paymentWeeks.payments} as count,
        ${paymentWeeks.grossCents} as gross, ${paymentWeeks.refundedCents} as refunded,
        ${paymentWeeks.feeCents} as fees, ${paymentWeeks.feeRefundedCents} as feesRefunded
      from ${paymentWeeks} where ${inRange(paymentWeeks.weekStart)}`),
  ]);

  // The state by (plan, status) before the range, and its changes week by week.
  const state = new Map<string, number>();
  const changes = Array.from({ length: weeks }, () => new Map<string, number>());
  const rows = Array.from({ length: weeks }, (_, index) => ({
    weekStart: utcDay(startMs + index * WEEK_MS),
    byStatus: zeroByStatus(),
    byPlan: zeroByPlan(),
    recurringCents: 0,
    newSchools: 0,
    cancelledSchools: 0,
    activeParents: 0,
    activeDrivers: 0,
    payments: 0,
    grossCents: 0,
    refundedCents: 0,
    netCents: 0,
    feeCents: 0,
    feeRefundedCents: 0,
    netFeeCents: 0,
  }));
  for (const row of history) {
    const key = `${planOf(row.plan, row.pupils)}:${row.status}`;
    const target = row.week === null ? state : changes[row.week];
    if (!target) continue;
    target.set(key, (target.get(key) ?? 0) + Number(row.delta));
    if (row.week !== null) {
      rows[row.week]!.newSchools += Number(row.opened);
      rows[row.week]!.cancelledSchools += Number(row.cancelled);
    }
  }
  changes.forEach((change, index) => {
    for (const [key, delta] of change) state.set(key, (state.get(key) ?? 0) + delta);
    const row = rows[index]!;
    for (const [key, schools] of state) {
      const [plan, status] = key.split(":") as [PlanId, SubscriptionStatus];
      row.byStatus[status] += schools;
      // Schools by plan: those with a subscription that is not cancelled.
      if (status !== "cancelled") row.byPlan[plan] += schools;
    }
    row.recurringCents = recurringCents(state);
  });
  for (const row of activity) {
    const target = rows[row.week];
    if (!target) continue;
    if (row.role === "parent") target.activeParents = Number(row.users);
    if (row.role === "driver") target.activeDrivers = Number(row.users);
  }
  for (const row of paid) {
    const target = rows[row.week];
    if (!target) continue;
    target.payments = Number(row.count);
    target.grossCents = Number(row.gross);
    target.refundedCents = Number(row.refunded);
    target.netCents = target.grossCents - target.refundedCents;
    target.feeCents = Number(row.fees);
    target.feeRefundedCents = Number(row.feesRefunded);
    target.netFeeCents = target.feeCents - target.feeRefundedCents;
  }

  // The end of the range: schools by plan and status, and the recurring revenue by plan.
  const atEnd: Counts[] = [...state]
    .filter(([, schools]) => schools > 0)
    .map(([key, schools]) => {
      const [plan, status] = key.split(":") as [PlanId, SubscriptionStatus];
      return { plan, status, schools };
    });
  const revenue = SCHOOL_PLANS.map((plan) => {
    const schools = state.get(`${plan}:active`) ?? 0;
    return { plan, priceCents: PLANS[plan].priceCents, schools, recurringCents: schools * PLANS[plan].priceCents };
  });
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    from: range.from,
    to: range.to,
    weeks: rows,
    atEnd,
    revenue,
    totals: {
      recurringCents: recurringCents(state),
      newSchools: sum((row) => row.newSchools),
      cancelledSchools: sum((row) => row.cancelledSchools),
      payments: sum((row) => row.payments),
      grossCents: sum((row) => row.grossCents),
      refundedCents: sum((row) => row.refundedCents),
      netCents: sum((row) => row.netCents),
      feeCents: sum((row) => row.feeCents),
      feeRefundedCents: sum((row) => row.feeRefundedCents),
      netFeeCents: sum((row) => row.netFeeCents),
    },
  };
}
