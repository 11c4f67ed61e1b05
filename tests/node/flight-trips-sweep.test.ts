import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emailLogs, flightTripEnrollments, flightTrips, notifications } from "#db/schema/index.ts";
import { CRON_JOBS, flightTripsJob, refundsJob, runScheduled } from "#worker/cron/scheduled.ts";
import { sendEnrollmentReminders } from "#worker/services/flight-trips/sweep.ts";
import { callerFor } from "../support/caller.ts";
import { createUser } from "../support/fixtures.ts";
import {
  addChild,
  enroll,
  flightSchool,
  paidEnrollmentPayment,
  simulatedCharge,
  tripForm,
} from "../support/flight-trips-admin.ts";
import { createTestApp, HOUR, MINUTE, type TestApp } from "../support/harness.ts";
import { noEmailFor } from "../support/preferences.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof flightSchool>>;

beforeEach(async () => {
  t = await createTestApp();
  // Los Angeles is UTC-8 in early March: the deadline day 2026-03-05 ends at 2026-03-06T08:00Z there.
  f = await flightSchool(t, { timeZone: "America/Los_Angeles" });
});
afterEach(() => t.close());

const CLOSES = new Date("2026-03-06T08:00:00.000Z");
const cronDeps = () => ({
  db: t.db,
  queue: t.deps.queue,
  logger: t.logger,
  appUrl: t.deps.config.appUrl,
  stripe: t.deps.stripe,
});
const sweepAt = (at: Date) => sendEnrollmentReminders(cronDeps(), at);
const reminders = (parentId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, parentId), eq(notifications.title, "Flight trip payment due")));
const reminderMails = (to: string) =>
  t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, to), eq(emailLogs.emailType, "notification")));

async function tripWithFamilies() {
  const api = await callerFor(t, f.admin);
  const { id: tripId } = await api.schoolAdmin.flightTrips.create({
    trip: tripForm({ enrollmentDeadline: "2026-03-05", departureDate: "2026-03-20", returnDate: "2026-03-22" }),
  });
  const family = async (name: string, change: Parameters<typeof enroll>[2]) => {
    const parent = await createUser(t.db, "parent", { schoolId: f.school.id, name });
    const child = await addChild(t, f.school.id, parent.id, `${name} Junior`);
    const enrollment = await enroll(
      t,
      { schoolId: f.school.id, tripId, parentId: parent.id, childId: child.id },
      change,
    );
    return { parent, enrollment };
  };
  return {
    tripId,
    pending: await family("Pending", {}),
    partial: await family("Partial", { status: "confirmed", paymentStatus: "partial", amountPaidCents: 10_000 }),
    paid: await family("Paid", { status: "confirmed", paymentStatus: "paid", amountPaidCents: 45_050 }),
    optedOut: await family("Opted", { status: "opted-out", optedOutAt: t.clock.now() }),
  };
}

describe("the reminder 48 hours before the enrolment deadline", () => {
  it("is sent once, in the school's zone, only for pending or partly paid enrolments", async () => {
    const trip = await tripWithFamilies();
    // 49 hours before the deadline closes in Los Angeles (in UTC it would already be inside 48 hours).
    expect(await sweepAt(new Date(CLOSES.getTime() - 49 * HOUR))).toBe(0);
    expect(await sweepAt(new Date(CLOSES.getTime() - 47 * HOUR))).toBe(2);
    const [pendingNotice] = await reminders(trip.pending.parent.id);
    expect(pendingNotice).toMatchObject({ category: "trip", type: "warning" });
    // Nothing paid yet: the deposit is what is due; partly paid: the balance.
    expect(pendingNotice!.message).toBe(
      "Enrolment for Washington DC Museums closes at the end of 2026-03-05. $100.00 is still to pay for Pending Junior.",
    );
    expect((await reminders(trip.partial.parent.id))[0]!.message).toContain("$350.50 is still to pay");
    expect(await reminderMails(trip.pending.parent.email)).toHaveLength(1);
    for (const family of [trip.paid, trip.optedOut]) expect(await reminders(family.parent.id)).toHaveLength(0);
    const [claimed] = await t.db
      .select()
      .from(flightTripEnrollments)
      .where(eq(flightTripEnrollments.id, trip.pending.enrollment.id));
    expect(claimed!.reminderSentAt).toEqual(new Date(CLOSES.getTime() - 47 * HOUR));
    // Later sweeps (and the hours after) send nothing more.
    expect(await sweepAt(new Date(CLOSES.getTime() - 46 * HOUR))).toBe(0);
    expect(await reminders(trip.pending.parent.id)).toHaveLength(1);
    expect(t.queued.filter((body) => body.kind === "email")).toHaveLength(2);
  });

  it("a parent who turned e-mail off for field-trip reminders gets the in-app reminder only (ADR 0066)", async () => {
    const trip = await tripWithFamilies();
    await noEmailFor(t, trip.pending.parent, "fieldTripReminder");
    expect(await sweepAt(new Date(CLOSES.getTime() - 47 * HOUR))).toBe(2);
    expect(await reminders(trip.pending.parent.id)).toHaveLength(1);
    expect(await reminderMails(trip.pending.parent.email)).toEqual([]);
    expect(await reminders(trip.partial.parent.id)).toHaveLength(1);
    expect(await reminderMails(trip.partial.parent.email)).toHaveLength(1);
  });

  it("two sweeps at the same time send one reminder per enrolment", async () => {
    const trip = await tripWithFamilies();
    const at = new Date(CLOSES.getTime() - 24 * HOUR);
    const counts = await Promise.all([sweepAt(at), sweepAt(at), sweepAt(at)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await reminders(trip.pending.parent.id)).toHaveLength(1);
    expect(await reminderMails(trip.partial.parent.email)).toHaveLength(1);
  });

  it("nothing after the deadline has closed, nor for a cancelled trip", async () => {
    const trip = await tripWithFamilies();
    expect(await sweepAt(new Date(CLOSES.getTime() + MINUTE))).toBe(0);
    await t.db.update(flightTrips).set({ status: "cancelled" }).where(eq(flightTrips.id, trip.tripId));
    expect(await sweepAt(new Date(CLOSES.getTime() - 10 * HOUR))).toBe(0);
    expect(await t.db.$count(notifications)).toBe(0);
  });

  it("runs in the hourly cron", async () => {
    const trip = await tripWithFamilies();
    expect(CRON_JOBS).toContain(flightTripsJob);
    const report = await runScheduled(cronDeps(), new Date(CLOSES.getTime() - 30 * HOUR), [flightTripsJob]);
    expect(report["flight-trips"]).toEqual({ reminders: 2 });
    expect(await reminders(trip.partial.parent.id)).toHaveLength(1);
  });
});

describe("refunds still owed", () => {
  it("a refund Stripe refused when the trip was cancelled is asked for again by the hourly sweep", async () => {
    const trip = await tripWithFamilies();
    const payment = await paidEnrollmentPayment(t, trip.partial.enrollment, 10_000);
    const create = vi.spyOn(t.deps.stripe.refunds, "create").mockRejectedValueOnce(new Error("Stripe is down"));
    expect(await (await callerFor(t, f.admin)).schoolAdmin.flightTrips.delete({ tripId: trip.tripId })).toMatchObject({
      outcome: "cancelled",
      refundsFailed: 1,
    });
    expect(await simulatedCharge(t, payment.stripePaymentIntentId!)).toMatchObject({ refunded: false });
    create.mockRestore();
    expect(CRON_JOBS).toContain(refundsJob);
    const report = await runScheduled(cronDeps(), t.clock.now(), [refundsJob]);
    expect(report.refunds).toEqual({ owed: 1, requested: 1, failed: 0 });
    expect(await simulatedCharge(t, payment.stripePaymentIntentId!)).toMatchObject({
      refunded: true,
      amount_refunded: 10_000,
    });
    // Done: the next hour finds nothing owed.
    expect((await runScheduled(cronDeps(), new Date(t.clock.now().getTime() + HOUR), [refundsJob])).refunds).toEqual({
      owed: 0,
      requested: 0,
      failed: 0,
    });
  });

  it("an opted-out enrolment's payment is refunded; a confirmed one of a running trip is not", async () => {
    const trip = await tripWithFamilies();
    const owed = await paidEnrollmentPayment(t, trip.optedOut.enrollment, 10_000);
    const kept = await paidEnrollmentPayment(t, trip.paid.enrollment, 45_050);
    const report = await runScheduled(cronDeps(), t.clock.now(), [refundsJob]);
    expect(report.refunds).toEqual({ owed: 1, requested: 1, failed: 0 });
    expect(await simulatedCharge(t, owed.stripePaymentIntentId!)).toMatchObject({ refunded: true });
    expect(await simulatedCharge(t, kept.stripePaymentIntentId!)).toMatchObject({ refunded: false });
  });
});
