import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parents, payments, schoolPlanHistory, schools, sessions, userActivityWeeks } from "#db/schema/index.ts";
import { METRICS_MESSAGES, metricsWeeks, weekStartOf } from "#shared/metrics.ts";
import { metricsCsv, metricsCsvName } from "../../web/src/pages/super-admin/metrics/metrics-csv.ts";
import { metricsTables } from "../../web/src/pages/super-admin/metrics/metrics-tables.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

/**
 * ADR 0072: every figure of the platform metrics from hand-seeded schools, sessions and payments,
 * against a hand-computed expectation. The range 2026-03-02 … 2026-03-22 is three weeks: W0 from
 * Monday 2 March, W1 from the 9th, W2 from the 16th (UTC).
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const at = (iso: string) => new Date(`${iso}Z`);
const RANGE = { from: "2026-03-02", to: "2026-03-22" };

async function school(plan: "starter" | "professional" | "enterprise" | null, status: string, created: string) {
  return createSchool(t.db, {
    plan,
    pupilCount: plan === null ? 700 : 100,
    subscriptionStatus: status as "active",
    createdAt: at(created),
    updatedAt: at(created),
  });
}
async function change(id: string, when: string, set: Partial<typeof schools.$inferInsert>) {
  await t.db
    .update(schools)
    .set({ ...set, updatedAt: at(when) })
    .where(eq(schools.id, id));
}

let sessionNumber = 0;
async function session(user: { id: string; role: string }, created: string, ...seen: string[]) {
  const id = `s${++sessionNumber}`;
  await t.db.insert(sessions).values({
    id,
    secretHash: "x",
    userId: user.id,
    userRole: user.role as "parent",
    createdAt: at(created),
    lastSeenAt: at(created),
    expiresAt: at("2027-01-01T00:00:00"),
  });
  for (const when of seen)
    await t.db
      .update(sessions)
      .set({ lastSeenAt: at(when) })
      .where(eq(sessions.id, id));
}

async function payment(
  amountCents: number,
  applicationFeeCents: number,
  refundedCents: number,
  status: "pending" | "succeeded" | "failed" | "refunded",
  paid: string | null,
) {
  const [row] = await t.db
    .insert(payments)
    .values({
      amountCents,
      applicationFeeCents,
      refundedCents,
      refundDueCents: refundedCents,
      status,
      paidAt: paid ? at(paid) : null,
    })
    .returning({ id: payments.id });
  return row!.id;
}

async function overview(input?: { from: string; to: string }) {
  const superAdmin = await createUser(t.db, "super_admin");
  return (await callerFor(t, superAdmin)).superAdmin.metrics.overview(input);
}

describe("weeks", () => {
  it("start on Monday 00:00 UTC and cover the range in whole weeks", () => {
    expect(new Date(weekStartOf(at("2026-03-08T23:59:59.999").getTime())).toISOString()).toBe(
      "2026-03-02T00:00:00.000Z",
    );
    expect(new Date(weekStartOf(at("2026-03-09T00:00:00").getTime())).toISOString()).toBe("2026-03-09T00:00:00.000Z");
    expect(metricsWeeks("2026-03-04", "2026-03-16")).toEqual({
      startMs: at("2026-03-02T00:00:00").getTime(),
      endMs: at("2026-03-23T00:00:00").getTime(),
      weeks: 3,
    });
  });
});

describe("platform metrics from seeded data", () => {
  it("schools by plan and status, recurring revenue, new and cancelled schools, week by week", async () => {
    const a = await school("starter", "active", "2026-02-01T09:00:00");
    const b = await school("professional", "active", "2026-02-10T09:00:00");
    const c = await school(null, "pending", "2026-03-03T09:00:00"); // 700 pupils: Enterprise
    await school("enterprise", "trialing", "2026-03-04T09:00:00");
    const e = await school("starter", "active", "2026-03-18T09:00:00");
    await school("starter", "active", "2026-03-25T09:00:00"); // after the range
    const g = await school("starter", "active", "2026-01-05T09:00:00");
    await change(g.id, "2026-02-20T09:00:00", { subscriptionStatus: "cancelled" });
    await change(b.id, "2026-03-10T09:00:00", { subscriptionStatus: "cancelled" });
    await change(c.id, "2026-03-17T09:00:00", { subscriptionStatus: "active" });
    await change(e.id, "2026-03-19T09:00:00", { plan: "professional" }); // same status: not a cancellation
    await change(a.id, "2026-03-20T09:00:00", { name: "Renamed" }); // no history row

    const metrics = await overview(RANGE);
    expect(metrics.weeks.map((week) => week.weekStart)).toEqual(["2026-03-02", "2026-03-09", "2026-03-16"]);
    expect(metrics.weeks.map((week) => week.byStatus)).toEqual([
      { pending: 1, active: 2, trialing: 1, past_due: 0, cancelled: 1 },
      { pending: 1, active: 1, trialing: 1, past_due: 0, cancelled: 2 },
      { pending: 0, active: 3, trialing: 1, past_due: 0, cancelled: 2 },
    ]);
    expect(metrics.weeks.map((week) => week.byPlan)).toEqual([
      { starter: 1, professional: 1, enterprise: 2 },
      { starter: 1, professional: 0, enterprise: 2 },
      { starter: 1, professional: 1, enterprise: 2 },
    ]);
    // Active only: A (19,900) and B (39,900); then A; then A, C (Enterprise, 79,900) and E (Professional).
    expect(metrics.weeks.map((week) => week.recurringCents)).toEqual([59_800, 19_900, 139_700]);
    expect(metrics.weeks.map((week) => [week.newSchools, week.cancelledSchools])).toEqual([
      [2, 0],
      [0, 1],
      [1, 0],
    ]);
    expect(metrics.totals).toMatchObject({ recurringCents: 139_700, newSchools: 3, cancelledSchools: 1 });
    expect(metrics.revenue).toEqual([
      { plan: "starter", priceCents: 19_900, schools: 1, recurringCents: 19_900 },
      { plan: "professional", priceCents: 39_900, schools: 1, recurringCents: 39_900 },
      { plan: "enterprise", priceCents: 79_900, schools: 1, recurringCents: 79_900 },
    ]);
    const byKey = (rows: { plan: string; status: string; schools: number }[]) =>
      Object.fromEntries(rows.map((row) => [`${row.plan}:${row.status}`, row.schools]));
    expect(byKey(metrics.atEnd)).toEqual({
      "starter:active": 1,
      "starter:cancelled": 1,
      "professional:active": 1,
      "professional:cancelled": 1,
      "enterprise:active": 1,
      "enterprise:trialing": 1,
    });
  });

  it("weekly active parents and drivers: distinct users whose session was created or refreshed that week", async () => {
    const { id: schoolId } = await school("starter", "active", "2026-01-05T09:00:00");
    const [p1, p2, p3] = [
      await createUser(t.db, "parent", { schoolId }),
      await createUser(t.db, "parent", { schoolId }),
      await createUser(t.db, "parent", { schoolId }),
    ];
    const d1 = await createUser(t.db, "driver", { schoolId });
    const admin = await createUser(t.db, "school_admin", { schoolId });
    await session(p1, "2026-03-03T08:00:00", "2026-03-05T08:00:00", "2026-03-08T23:59:59.999", "2026-03-11T08:00:00");
    await session(p1, "2026-03-04T08:00:00"); // a second device the same week: still one parent
    await session(p2, "2026-03-10T08:00:00", "2026-03-16T08:00:00", "2026-03-22T23:59:00");
    await session(d1, "2026-03-01T20:00:00", "2026-03-02T00:00:00"); // Sunday before the range, then W0
    await session(admin, "2026-03-03T08:00:00"); // school admins are not counted
    await session(p3, "2026-03-12T08:00:00");
    await t.db.delete(parents).where(eq(parents.id, p3.id)); // erasure takes their weeks with them

    const metrics = await overview(RANGE);
    expect(metrics.weeks.map((week) => [week.activeParents, week.activeDrivers])).toEqual([
      [1, 1],
      [2, 0],
      [1, 0],
    ]);
    expect(await t.db.select().from(userActivityWeeks).where(eq(userActivityWeeks.userId, p3.id))).toEqual([]);
    expect(await t.db.all(sql`select sum(users) as n from activity_week_counts`)).toEqual(
      await t.db.all(sql`select count(*) as n from user_activity_weeks`),
    );
  });

  it("payment volume, refunds and platform fees by the week paid (pending, failed and out-of-range ones left out)", async () => {
    await payment(10_000, 500, 0, "succeeded", "2026-03-02T00:00:00");
    await payment(5_000, 250, 5_000, "refunded", "2026-03-04T12:00:00"); // fully refunded: the whole fee back
    // Pending at first, then paid, then a third refunded (50 of the fee): the triggers follow every step.
    const later = await payment(3_000, 150, 0, "pending", null);
    await t.db
      .update(payments)
      .set({ status: "succeeded", paidAt: at("2026-03-10T12:00:00") })
      .where(eq(payments.id, later));
    await t.db.update(payments).set({ refundedCents: 1_000, refundDueCents: 1_000 }).where(eq(payments.id, later));
    const gone = await payment(8_000, 400, 0, "succeeded", "2026-03-11T12:00:00");
    await t.db.delete(payments).where(eq(payments.id, gone)); // the retention job's delete takes it out
    await payment(2_000, 100, 0, "pending", null);
    await payment(4_000, 200, 0, "failed", null);
    const partly = await payment(7_000, 333, 0, "succeeded", "2026-03-22T23:59:59.999");
    await t.db.update(payments).set({ refundedCents: 2_500, refundDueCents: 2_500 }).where(eq(payments.id, partly)); // 333 × 2,500 / 7,000 = 118.9 → 119
    await payment(9_999, 500, 0, "succeeded", "2026-03-23T00:00:00");
    await payment(1_000, 50, 0, "succeeded", "2026-03-01T23:59:59.999");

    const metrics = await overview(RANGE);
    expect(
      metrics.weeks.map(
        ({ payments, grossCents, refundedCents, netCents, feeCents, feeRefundedCents, netFeeCents }) => [
          payments,
          grossCents,
          refundedCents,
          netCents,
          feeCents,
          feeRefundedCents,
          netFeeCents,
        ],
      ),
    ).toEqual([
      [2, 15_000, 5_000, 10_000, 750, 250, 500],
      [1, 3_000, 1_000, 2_000, 150, 50, 100],
      [1, 7_000, 2_500, 4_500, 333, 119, 214],
    ]);
    // The rollup is what aggregating the payments gives (the migration's backfill is that aggregate).
    const recomputed = await t.db.all(sql`select count(*) as payments, sum(amount_cents) as gross,
        sum(refunded_cents) as refunded, sum(application_fee_cents) as fees
      from payments where paid_at is not null and status in ('succeeded', 'refunded')`);
    const kept = await t.db.all(sql`select sum(payments) as payments, sum(gross_cents) as gross,
        sum(refunded_cents) as refunded, sum(fee_cents) as fees from payment_weeks`);
    expect(kept).toEqual(recomputed);
    expect(metrics.totals).toMatchObject({
      payments: 4,
      grossCents: 25_000,
      refundedCents: 8_500,
      netCents: 16_500,
      feeCents: 1_233,
      feeRefundedCents: 419,
      netFeeCents: 814,
    });
  });

  it("a deleted school's history is closed, not lost", async () => {
    const gone = await school("starter", "active", "2026-01-05T09:00:00");
    await t.db.delete(schools).where(eq(schools.id, gone.id));
    const rows = await t.db.select().from(schoolPlanHistory).where(eq(schoolPlanHistory.schoolId, gone.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.validTo).not.toBeNull();
  });
});

describe("the page's tables and their CSV", () => {
  it("say what the figures say, money as the app writes it, and a school's name cannot start a formula", async () => {
    await payment(10_000, 500, 0, "succeeded", "2026-03-02T00:00:00");
    await payment(5_000, 250, 5_000, "refunded", "2026-03-04T12:00:00");
    await school("starter", "active", "2026-02-01T09:00:00");
    const metrics = await overview(RANGE);
    const tables = Object.fromEntries(metricsTables(metrics).map((table) => [table.id, table]));
    expect(tables.payments!.rows[0]).toEqual([
      "2026-03-02",
      2,
      "$150.00",
      "$50.00",
      "$100.00",
      "$7.50",
      "$2.50",
      "$5.00",
    ]);
    expect(tables.payments!.rows.at(-1)).toEqual([
      "Total",
      2,
      "$150.00",
      "$50.00",
      "$100.00",
      "$7.50",
      "$2.50",
      "$5.00",
    ]);
    expect(metricsCsv(tables.revenue!).split("\r\n").slice(0, 2)).toEqual([
      '"Plan","Price per month","Active schools","Monthly recurring revenue"',
      '"Starter","$199.00","1","$199.00"',
    ]);
    expect(metricsCsv({ ...tables.revenue!, rows: [["=HYPERLINK(1)", "", 0, "-$1.00"]] })).toContain(
      `"'=HYPERLINK(1)","","0","'-$1.00"`,
    );
    expect(metricsCsvName(tables.payments!, metrics)).toBe("platform-payments-2026-03-02-to-2026-03-22.csv");
  });
});

describe("the range", () => {
  it("defaults to the last 12 weeks, this one included", async () => {
    t.clock.set(at("2026-03-18T10:00:00"));
    const metrics = await overview();
    expect(metrics).toMatchObject({ from: "2025-12-29", to: "2026-03-18" });
    expect(metrics.weeks).toHaveLength(12);
    expect(metrics.weeks.at(-1)!.weekStart).toBe("2026-03-16");
  });

  it("refuses a reversed range and one longer than 53 weeks", async () => {
    const superAdmin = await createUser(t.db, "super_admin");
    const caller = await callerFor(t, superAdmin);
    expect(await failure(caller.superAdmin.metrics.overview({ from: "2026-03-10", to: "2026-03-02" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining(METRICS_MESSAGES.reversed),
    });
    expect(await failure(caller.superAdmin.metrics.overview({ from: "2025-01-01", to: "2026-03-02" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining(METRICS_MESSAGES.tooLong),
    });
    expect((await caller.superAdmin.metrics.overview({ from: "2025-03-03", to: "2026-03-01" })).weeks).toHaveLength(52);
  });
});
