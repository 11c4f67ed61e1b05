import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditLogs,
  children,
  flightTripEnrollments,
  flightTrips,
  notifications,
  payments,
  stripeEvents,
} from "#db/schema/index.ts";
import { refundsJob, runScheduled } from "#worker/cron/scheduled.ts";
import { payPaymentSession } from "#worker/http/dev-stripe-payments.ts";
import { text } from "#worker/i18n/texts.ts";
import { FLIGHT_TRIP_REFUSALS } from "#worker/services/refusal-texts.ts";
import { loadObject } from "#worker/stripe/simulator.ts";
import { callerFor, failure } from "../support/caller.ts";
import { ENROLLMENT_FORM } from "../support/flight-trips.ts";
import { FLIGHT_ACCOUNT, flightSchool, simulatedCharge, tripForm } from "../support/flight-trips-admin.ts";
import { createTestApp, DAY, type TestApp } from "../support/harness.ts";
import { checkoutSessionOf, postStripeEvent } from "../support/stripe-checkout.ts";

/**
 * MN1: money is never stranded. Deleting a child or erasing a parent follows the opt-out rule; a
 * cost change settles every enrolment; a charge for something gone is refunded; a cancelled,
 * refunded trip says so everywhere.
 */

let t: TestApp;
let f: Awaited<ReturnType<typeof flightSchool>>;

beforeEach(async () => {
  t = await createTestApp();
  f = await flightSchool(t);
});
afterEach(() => t.close());

const admin = () => callerFor(t, f.admin);
const parent = () => callerFor(t, f.parent);
const enrollmentRow = async (id: string) =>
  (await t.db.select().from(flightTripEnrollments).where(eq(flightTripEnrollments.id, id)))[0];
const paymentRows = (where = eq(payments.schoolId, f.school.id)) => t.db.select().from(payments).where(where);
const audits = (type: string) => t.db.select().from(auditLogs).where(eq(auditLogs.eventType, type));

/** The admin's trip ($450.50, $100 deposit, deadline 2026-04-01 in New York; the clock is 2026-03-02). */
async function createTrip(change: Parameters<typeof tripForm>[0] = {}) {
  return (await (await admin()).schoolAdmin.flightTrips.create({ trip: tripForm(change) })).id;
}

/** The local Checkout page's Pay (the events go through the signed webhook). */
async function pay(url: string) {
  const session = await checkoutSessionOf(t, url);
  const response = await t.app.request(`http://localhost:8787/dev/stripe/checkout/${session.id}/pay`, {
    method: "POST",
  });
  expect(response.status).toBe(303);
}

/** Ava enrolled in the trip; `paid` pays the Checkout Enroll Now opened (the deposit, or the full cost). */
async function enrolled(tripId: string, options: { paid?: boolean } = {}) {
  const api = await parent();
  const { enrollmentId, url } = await api.parent.flightTrips.enroll({
    tripId,
    enrollment: { ...ENROLLMENT_FORM, childId: f.child.id },
  });
  if (options.paid !== false && url) await pay(url);
  return { enrollmentId, url };
}

describe("deleting a child (MN1)", () => {
  it("refunds what was paid for a trip still to come, frees the seat and keeps the payment record", async () => {
    const tripId = await createTrip();
    const { enrollmentId } = await enrolled(tripId);
    await (await parent()).parent.children.delete({ childId: f.child.id });
    expect(await t.db.$count(children, eq(children.id, f.child.id))).toBe(0);
    expect(await t.db.$count(flightTripEnrollments, eq(flightTripEnrollments.id, enrollmentId))).toBe(0);
    const [payment] = await paymentRows();
    expect(payment).toMatchObject({
      status: "refunded",
      refundDueCents: 10_000,
      refundedCents: 10_000,
      enrollmentId: null,
    });
    expect(await simulatedCharge(t, payment!.stripePaymentIntentId!)).toMatchObject({
      refunded: true,
      amount_refunded: 10_000,
    });
    expect((await audits("refund_requested"))[0]?.metadata).toMatchObject({
      payment_id: payment!.id,
      amount_cents: 10_000,
      reason: "child_deleted",
    });
  });

  it("is refused after the enrolment deadline, with the reason, and changes nothing", async () => {
    const tripId = await createTrip();
    const { enrollmentId } = await enrolled(tripId);
    t.clock.set(new Date("2026-04-02T12:00:00Z"));
    const refused = await failure((await parent()).parent.children.delete({ childId: f.child.id }));
    expect(refused).toEqual({
      code: "PRECONDITION_FAILED",
      message: text("en", FLIGHT_TRIP_REFUSALS.heldAfterDeadline("Ava Martin", "Washington DC Museums")),
    });
    expect(await t.db.$count(children, eq(children.id, f.child.id))).toBe(1);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ status: "confirmed", amountPaidCents: 10_000 });
    expect((await paymentRows()).map((row) => [row.status, row.refundDueCents])).toEqual([["succeeded", 0]]);
  });

  it("keeps what was paid for a trip that has taken place", async () => {
    const tripId = await createTrip();
    await enrolled(tripId);
    await t.db.update(flightTrips).set({ status: "completed" }).where(eq(flightTrips.id, tripId));
    t.clock.set(new Date("2026-05-01T12:00:00Z"));
    await (await parent()).parent.children.delete({ childId: f.child.id });
    expect((await paymentRows()).map((row) => [row.status, row.refundDueCents])).toEqual([["succeeded", 0]]);
    expect(await runScheduled(cronDeps(), t.clock.now(), [refundsJob])).toEqual({
      refunds: { owed: 0, requested: 0, failed: 0 },
    });
  });

  it("expires the open Checkout; a charge that still completes is recorded and refunded automatically, and logged", async () => {
    const tripId = await createTrip();
    const { url } = await enrolled(tripId, { paid: false });
    const session = await checkoutSessionOf(t, url!);
    await (await parent()).parent.children.delete({ childId: f.child.id });
    expect((await checkoutSessionOf(t, url!)).status).toBe("expired");
    // Stripe had already taken the card (the session completed as it was being expired): the events still arrive.
    const { events } = await payPaymentSession(t.db, { ...session, status: "open" }, t.clock.now());
    for (const event of events) expect((await postStripeEvent(t, event)).status).toBe(200);
    const [payment] = await paymentRows();
    expect(payment).toMatchObject({
      status: "refunded",
      refundDueCents: 10_000,
      refundedCents: 10_000,
      enrollmentId: null,
    });
    expect(await audits("payment_unattached")).toHaveLength(1);
    // A replay of the events changes nothing and logs nothing again.
    for (const event of events) await postStripeEvent(t, event);
    expect(await audits("payment_unattached")).toHaveLength(1);
    expect(await paymentRows()).toHaveLength(1);
  });

  it("erasing the parent follows the same rule: refused after the deadline, refunded before it", async () => {
    const tripId = await createTrip();
    await enrolled(tripId);
    t.clock.set(new Date("2026-04-02T12:00:00Z"));
    const api = await parent();
    const refused = await failure(api.parent.account.requestErasure({ password: "correct horse battery staple" }));
    expect(refused.code).toBe("PRECONDITION_FAILED");
    expect(refused.message).toContain("Please contact the school");
    t.clock.set(new Date("2026-03-03T12:00:00Z"));
    await api.parent.account.requestErasure({ password: "correct horse battery staple" });
    expect((await paymentRows()).map((row) => [row.status, row.refundedCents, row.parentId])).toEqual([
      ["refunded", 10_000, f.parent.id],
    ]);
  });
});

describe("changing a trip's cost (MN1)", () => {
  it("a cost below what was paid is saved only once the admin confirms the refunds, with the amounts; then the difference goes back", async () => {
    const tripId = await createTrip({ costPerStudent: 80, deposit: null });
    const { enrollmentId } = await enrolled(tripId);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ amountPaidCents: 8_000, paymentStatus: "paid" });
    const api = await admin();
    const lower = { tripId, trip: tripForm({ costPerStudent: 50, deposit: null }) };
    const refused = await failure(api.schoolAdmin.flightTrips.update(lower));
    expect(refused).toEqual({
      code: "PRECONDITION_FAILED",
      message:
        "The new cost is below what 1 family has paid: saving refunds $30.00 (Ava Martin $30.00) to the cards it was paid with.",
    });
    expect(refused.message).toContain("$30.00");
    expect((await t.db.select().from(flightTrips).where(eq(flightTrips.id, tripId)))[0]!.costPerStudentCents).toBe(
      8_000,
    );
    await api.schoolAdmin.flightTrips.update({ ...lower, confirmRefunds: true });
    const [payment] = await paymentRows();
    expect(payment).toMatchObject({
      status: "succeeded",
      amountCents: 8_000,
      refundDueCents: 3_000,
      refundedCents: 3_000,
    });
    expect(await simulatedCharge(t, payment!.stripePaymentIntentId!)).toMatchObject({
      refunded: false,
      amount_refunded: 3_000,
    });
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      amountPaidCents: 5_000,
      amountRefundedCents: 3_000,
      refundPendingCents: 0,
      paymentStatus: "paid",
    });
    const notice = await t.db.select().from(notifications).where(eq(notifications.recipientId, f.parent.id));
    // The parent's own receipt of the $80.00 (issue 29, ADR 0075), then the change.
    expect(notice.map((n) => [n.title, n.message])).toEqual([
      ["Payment received", expect.stringContaining("your payment of $80.00 for")],
      [
        "Flight trip cost changed",
        expect.stringContaining("is now $50.00 (was $80.00). Anything paid above the new cost is refunded"),
      ],
    ]);
    // The parent's view, the admin's list and the roster agree.
    const mine = (await (await parent()).parent.flightTrips.list()).trips[0]!.children[0]!.enrollment!;
    expect(mine).toMatchObject({
      money: "paid",
      amountPaidCents: 5_000,
      amountRefundedCents: 3_000,
      nextPaymentCents: 0,
      canPay: false,
    });
    const student = (await api.schoolAdmin.flightTrips.list()).trips[0]!.students[0]!;
    expect(student).toMatchObject({ label: "Confirmed", money: "paid", amountPaidCents: 5_000 });
  });

  it("raising then lowering the cost expires the balance Checkout opened in between: a stale amount cannot be paid", async () => {
    const tripId = await createTrip({ costPerStudent: 50, deposit: 20 });
    const { enrollmentId } = await enrolled(tripId);
    const api = await admin();
    await api.schoolAdmin.flightTrips.update({ tripId, trip: tripForm({ costPerStudent: 80, deposit: 20 }) });
    const balance = await (await parent()).parent.flightTrips.pay({ enrollmentId });
    expect((await checkoutSessionOf(t, balance.url)).amount_total).toBe(6_000);
    await api.schoolAdmin.flightTrips.update({ tripId, trip: tripForm({ costPerStudent: 50, deposit: 20 }) });
    expect((await checkoutSessionOf(t, balance.url)).status).toBe("expired");
    const stale = await t.app.request(
      `http://localhost:8787/dev/stripe/checkout/${(await checkoutSessionOf(t, balance.url)).id}/pay`,
      { method: "POST" },
    );
    expect(stale.status).toBe(410);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ amountPaidCents: 2_000, paymentStatus: "partial" });
  });

  it("a payment that lands after the cost was lowered is refunded down to the cost, without asking", async () => {
    const tripId = await createTrip({ costPerStudent: 50, deposit: 20 });
    const { enrollmentId } = await enrolled(tripId);
    const balance = await (await parent()).parent.flightTrips.pay({ enrollmentId });
    const session = await checkoutSessionOf(t, balance.url);
    await (await admin()).schoolAdmin.flightTrips.update({
      tripId,
      trip: tripForm({ costPerStudent: 40, deposit: 20 }),
    });
    // The card was taken just before the session could be expired.
    const { events } = await payPaymentSession(t.db, session, t.clock.now());
    for (const event of events) await postStripeEvent(t, event);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      amountPaidCents: 4_000,
      amountRefundedCents: 1_000,
      refundPendingCents: 0,
      paymentStatus: "paid",
    });
  });

  it("a free trip made paid owes its cost: Pay is offered and nothing shows as paid", async () => {
    const tripId = await createTrip({ costPerStudent: 0, deposit: null });
    const { enrollmentId } = await enrolled(tripId);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    await (await admin()).schoolAdmin.flightTrips.update({
      tripId,
      trip: tripForm({ costPerStudent: 30, deposit: null }),
    });
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ paymentStatus: "pending", amountPaidCents: 0 });
    const mine = (await (await parent()).parent.flightTrips.list()).trips[0]!.children[0]!.enrollment!;
    expect(mine).toMatchObject({ money: "pending", nextPaymentCents: 3_000, canPay: true });
  });
});

describe("a cancelled, refunded trip (MN1)", () => {
  it("shows as cancelled and refunded to the parent, on the admin's list, in the roster and on the dashboard, and asks for nothing", async () => {
    const tripId = await createTrip();
    const { enrollmentId } = await enrolled(tripId);
    const api = await admin();
    expect(await api.schoolAdmin.flightTrips.delete({ tripId })).toMatchObject({
      outcome: "cancelled",
      refunds: 1,
      refundsFailed: 0,
    });
    const family = await parent();
    const child = (await family.parent.flightTrips.list()).trips[0]!.children[0]!;
    expect(child).toMatchObject({ label: "Cancelled", canEnroll: false });
    expect(child.enrollment).toMatchObject({
      money: "refunded",
      amountPaidCents: 0,
      amountRefundedCents: 10_000,
      nextPaymentCents: 0,
      canPay: false,
      canOptOut: false,
    });
    expect(await family.parent.flightTrips.details({ enrollmentId })).toMatchObject({
      nextPaymentCents: 0,
      standing: { label: "Cancelled", money: "refunded" },
    });
    expect((await failure(family.parent.flightTrips.pay({ enrollmentId }))).code).toBe("PRECONDITION_FAILED");
    expect((await family.parent.overview()).tiles.flightTripEnrollments).toBe(0);
    const trip = (await api.schoolAdmin.flightTrips.list()).trips[0]!;
    expect(trip.counts).toMatchObject({ enrolled: 0 });
    expect(trip.students[0]).toMatchObject({ label: "Cancelled", money: "refunded" });
    const roster = await api.schoolAdmin.flightTrips.roster({ tripId });
    expect(roster.csv.split("\r\n")[1]).toMatch(/^"Ava Martin","5th Grade","Cancelled","Refunded","\$0\.00",/);
  });

  it("while Stripe has not confirmed the refund, it shows as on its way", async () => {
    const tripId = await createTrip();
    const { enrollmentId } = await enrolled(tripId);
    const create = vi.spyOn(t.deps.stripe.refunds, "create").mockRejectedValueOnce(new Error("Stripe is down"));
    await (await admin()).schoolAdmin.flightTrips.delete({ tripId });
    create.mockRestore();
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      amountPaidCents: 0,
      refundPendingCents: 10_000,
      amountRefundedCents: 0,
    });
    const roster = await (await admin()).schoolAdmin.flightTrips.roster({ tripId });
    expect(roster.csv.split("\r\n")[1]).toMatch(/^"Ava Martin","5th Grade","Cancelled","Refund pending",/);
    // The hourly job asks again; then it is refunded.
    expect(await runScheduled(cronDeps(), t.clock.now(), [refundsJob])).toEqual({
      refunds: { owed: 1, requested: 1, failed: 0 },
    });
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ refundPendingCents: 0, amountRefundedCents: 10_000 });
  });
});

describe("refund events out of order (ST3, MN1)", () => {
  it("a refund of a payment whose success has not arrived is answered 409 and recorded only when Stripe delivers it again", async () => {
    const tripId = await createTrip();
    const { url } = await enrolled(tripId, { paid: false });
    const session = await checkoutSessionOf(t, url!);
    const { events } = await payPaymentSession(t.db, session, t.clock.now());
    const intent = events.find((event) => event.type === "payment_intent.succeeded")!.data.object as {
      id: string;
      latest_charge: string;
    };
    // Refunded from Stripe's dashboard before our webhook heard of the payment.
    const charge = (await simulatedChargeObject(intent.latest_charge))!;
    const refunded = {
      ...events[0]!,
      id: "evt_refund_early",
      type: "charge.refunded",
      data: { object: { ...charge, refunded: true, amount_refunded: charge.amount } },
    };
    expect((await postStripeEvent(t, refunded)).status).toBe(409);
    expect(await t.db.$count(stripeEvents, eq(stripeEvents.id, "evt_refund_early"))).toBe(0);
    for (const event of events) await postStripeEvent(t, event);
    expect((await postStripeEvent(t, refunded)).status).toBe(200);
    expect((await paymentRows()).map((row) => [row.status, row.refundedCents])).toEqual([["refunded", 10_000]]);
  });

  it("the hourly job settles an enrolment holding more than its cost whose settling was interrupted", async () => {
    const tripId = await createTrip({ costPerStudent: 50, deposit: null });
    const { enrollmentId } = await enrolled(tripId);
    // The cost lowered behind the service's back (a settle that never ran).
    await t.db.update(flightTrips).set({ costPerStudentCents: 3_000 }).where(eq(flightTrips.id, tripId));
    t.clock.advance(DAY);
    expect(await runScheduled(cronDeps(), t.clock.now(), [refundsJob])).toEqual({
      refunds: { owed: 1, requested: 1, failed: 0 },
    });
    expect(await enrollmentRow(enrollmentId)).toMatchObject({ amountPaidCents: 3_000, amountRefundedCents: 2_000 });
    expect(
      await t.db.$count(payments, and(eq(payments.stripeAccountId, FLIGHT_ACCOUNT), eq(payments.refundedCents, 2_000))),
    ).toBe(1);
  });
});

function cronDeps() {
  return { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: "http://localhost:8787", stripe: t.deps.stripe };
}

function simulatedChargeObject(id: string) {
  return loadObject<{ id: string; amount: number; payment_intent: string; metadata: Record<string, string> }>(t.db, id);
}
