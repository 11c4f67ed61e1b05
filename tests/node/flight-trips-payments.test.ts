import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLogs, emailLogs, flightTripEnrollments, notifications, payments } from "#db/schema/index.ts";
import { payPaymentSession } from "#worker/http/dev-stripe-payments.ts";
import { receiptEmailId, refundEmailId } from "#worker/services/payments/payment-events.ts";
import { stripeEvent } from "#worker/stripe/events.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { ENROLLMENT_FORM, seedChild, seedFlightTrip } from "../support/flight-trips.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";
import { checkoutSessionOf, postStripeEvent } from "../support/stripe-checkout.ts";

const ACCOUNT = "acct_trips_test";
const connected = {
  stripeConnectAccountId: ACCOUNT,
  connectDetailsSubmitted: true,
  connectChargesEnabled: true,
  connectPayoutsEnabled: true,
  connectRequirementsDue: [],
  platformFeeBps: 500,
};

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, connected);
});
afterEach(() => t.close());

/** A parent with a child, a $450 trip with a $100 deposit, and the child enrolled (Checkout for the deposit started). */
async function enrolled(trip: Partial<Parameters<typeof seedFlightTrip>[1]> = {}) {
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  const child = await seedChild(t.db, { schoolId: school.id, parentId: parent.id });
  const flight = await seedFlightTrip(t.db, { schoolId: school.id, ...trip });
  const api = await callerFor(t, parent);
  const { enrollmentId, url } = await api.parent.flightTrips.enroll({
    tripId: flight.id,
    enrollment: { ...ENROLLMENT_FORM, childId: child.id },
  });
  return { parent, child, flight, api, enrollmentId, url: url! };
}

const sessionOf = (url: string) => checkoutSessionOf(t, url);

/** The local checkout page's Pay: the events go through the signed webhook. */
async function payThroughCheckout(url: string) {
  const session = await sessionOf(url);
  const response = await t.app.request(`http://localhost:8787/dev/stripe/checkout/${session.id}/pay`, {
    method: "POST",
  });
  expect(response.status).toBe(303);
  return { session, location: response.headers.get("location") };
}

async function post(event: object) {
  expect((await postStripeEvent(t, event)).status).toBe(200);
}

const enrollmentRow = async (id: string) =>
  (await t.db.select().from(flightTripEnrollments).where(eq(flightTripEnrollments.id, id)))[0]!;
const paymentRows = (enrollmentId: string) =>
  t.db.select().from(payments).where(eq(payments.enrollmentId, enrollmentId));
const mails = (to: string, type: "payment_receipt" | "payment_refunded") =>
  t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, to), eq(emailLogs.emailType, type)));
const audits = (type: string) => t.db.select().from(auditLogs).where(eq(auditLogs.eventType, type));

/** Two active admins of the school and one deactivated (who is told nothing). */
async function schoolAdmins() {
  const active = [
    await createUser(t.db, "school_admin", { schoolId: school.id }),
    await createUser(t.db, "school_admin", { schoolId: school.id }),
  ];
  const inactive = await createUser(t.db, "school_admin", { schoolId: school.id, isActive: false });
  return { active: active.map((admin) => admin.id).sort(), inactive: inactive.id };
}
/** Who got a money notice with this title (an admin id per row, sorted), and its texts. */
async function adminNotices(title: string) {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.title, title), eq(notifications.recipientRole, "school_admin")));
  return {
    to: rows.map((row) => row.recipientId).sort(),
    messages: [...new Set(rows.map((row) => row.message))],
    categories: [...new Set(rows.map((row) => row.category))],
  };
}

describe("paying for an enrolment", () => {
  it("Checkout for the deposit carries the enrolment in its metadata and returns to Flight Trips", async () => {
    const { parent, enrollmentId, url } = await enrolled();
    const session = await sessionOf(url);
    const metadata = { kind: "enrollment", enrollmentId, schoolId: school.id, parentId: parent.id };
    expect(session).toMatchObject({
      account: ACCOUNT,
      amount_total: 10_000,
      metadata,
      payment_intent_data: { metadata, application_fee_amount: 500 },
      success_url: "http://localhost:8787/parent/flight-trips?payment=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:8787/parent/flight-trips?payment=cancelled",
    });
    expect(await paymentRows(enrollmentId)).toEqual([
      expect.objectContaining({
        kind: "enrollment",
        enrollmentId,
        invoiceId: null,
        status: "pending",
        amountCents: 10_000,
        stripeCheckoutSessionId: session.id,
      }),
    ]);
  });

  it("the deposit makes it Confirmed and Partial; Make Payment pays the balance and makes it Paid; one receipt each", async () => {
    const { parent, api, enrollmentId, url } = await enrolled();
    const { location } = await payThroughCheckout(url);
    expect(location).toMatch(/^http:\/\/localhost:8787\/parent\/flight-trips\?payment=success/);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "partial",
      amountPaidCents: 10_000,
    });
    const listed = (await api.parent.flightTrips.list()).trips[0]!.children[0]!;
    expect(listed).toMatchObject({
      label: "Confirmed",
      enrollment: { paymentStatus: "partial", amountPaidCents: 10_000, nextPaymentCents: 35_000, canPay: true },
    });
    t.clock.advance(MINUTE);
    const balance = await api.parent.flightTrips.pay({ enrollmentId });
    expect((await sessionOf(balance.url)).amount_total).toBe(35_000);
    await payThroughCheckout(balance.url);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      amountPaidCents: 45_000,
    });
    expect((await paymentRows(enrollmentId)).map((row) => [row.amountCents, row.status, row.kind]).sort()).toEqual([
      [10_000, "succeeded", "enrollment"],
      [35_000, "succeeded", "enrollment"],
    ]);
    const receipts = await mails(parent.email, "payment_receipt");
    expect(receipts).toHaveLength(2);
    expect(receipts.map((mail) => mail.textBody).join("\n")).toContain("$350.00");
    expect(await audits("enrollment_paid")).toHaveLength(2);
    await expect(api.parent.flightTrips.pay({ enrollmentId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Nothing is left to pay for this enrolment.",
    });
  });

  it("a trip without a deposit is paid in full at once", async () => {
    const { enrollmentId, url } = await enrolled({ depositCents: null, costPerStudentCents: 12_345 });
    expect((await sessionOf(url)).amount_total).toBe(12_345);
    await payThroughCheckout(url);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      amountPaidCents: 12_345,
    });
  });

  it("ST3 every order of completed, succeeded and failed, with duplicates, gives the same enrolment, one payment and one receipt", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(["sessionCompleted", "intentSucceeded", "failed"] as const, { minLength: 3, maxLength: 3 }),
        fc.array(
          fc.constantFrom("sessionCompleted", "intentSucceeded", "failed") as fc.Arbitrary<
            "sessionCompleted" | "intentSucceeded" | "failed"
          >,
          { maxLength: 3 },
        ),
        fc.boolean(),
        async (order, duplicates, concurrent) => {
          const { parent, enrollmentId, url } = await enrolled();
          const events = await checkoutEvents(url);
          const sequence = [...order, ...duplicates].map((name) => events[name]);
          if (concurrent) await Promise.all(sequence.map((event) => post(event)));
          else for (const event of sequence) await post(event);
          expect(await enrollmentRow(enrollmentId)).toMatchObject({
            status: "confirmed",
            paymentStatus: "partial",
            amountPaidCents: 10_000,
          });
          expect(
            (await paymentRows(enrollmentId)).map((row) => [row.status, row.amountCents, row.stripePaymentIntentId]),
          ).toEqual([["succeeded", 10_000, events.intentId]]);
          expect((await mails(parent.email, "payment_receipt")).map((mail) => mail.id)).toEqual([
            receiptEmailId(events.intentId),
          ]);
        },
      ),
      { numRuns: 16 },
    );
  });
});

/** The events of a paid Checkout (not delivered), a failed attempt before it, and the charge.refunded that a refund would bring. */
async function checkoutEvents(url: string) {
  const session = await sessionOf(url);
  const t0 = t.clock.now();
  const { events } = await payPaymentSession(t.db, session, new Date(t0.getTime() + 2000));
  const [chargeSucceeded, intentSucceeded, sessionCompleted] = events;
  const intent = intentSucceeded!.data.object as {
    id: string;
    amount: number;
    metadata: Record<string, string>;
    application_fee_amount: number;
  };
  const charge = chargeSucceeded!.data.object as { amount: number };
  const failed = stripeEvent(
    "payment_intent.payment_failed",
    {
      id: intent.id,
      object: "payment_intent",
      amount: intent.amount,
      metadata: intent.metadata,
      application_fee_amount: intent.application_fee_amount,
    },
    t0,
    ACCOUNT,
  );
  const refunded = stripeEvent(
    "charge.refunded",
    { ...charge, refunded: true, amount_refunded: charge.amount },
    new Date(t0.getTime() + 60_000),
    ACCOUNT,
  );
  return {
    intentId: intent.id,
    sessionCompleted: sessionCompleted!,
    intentSucceeded: { ...intentSucceeded!, created: intentSucceeded!.created + 1 },
    failed,
    refunded,
  };
}

describe("the school's admins are told (issue 25)", () => {
  it("of an enrolment and an opt-out, once each (a double click included), in the Payments category", async () => {
    const admins = await schoolAdmins();
    const { api, enrollmentId } = await enrolled({ title: "Science Museum" });
    const enrolledNotice = await adminNotices("New enrolment");
    expect(enrolledNotice).toEqual({
      to: admins.active,
      messages: [expect.stringMatching(/ enrolled .* in Science Museum\.$/)],
      categories: ["payment"],
    });
    const outcomes = await Promise.allSettled([
      api.parent.flightTrips.optOut({ enrollmentId }),
      api.parent.flightTrips.optOut({ enrollmentId }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await adminNotices("Enrolment opted out")).toEqual({
      to: admins.active,
      messages: [expect.stringMatching(/ opted .* out of Science Museum\.$/)],
      categories: ["payment"],
    });
    // Enrolling again (re-activated) is a new enrolment notice; a refused enrolment (already enrolled) none.
    const child = (await enrollmentRow(enrollmentId)).childId;
    const trip = (await enrollmentRow(enrollmentId)).flightTripId;
    await api.parent.flightTrips.enroll({ tripId: trip, enrollment: { ...ENROLLMENT_FORM, childId: child } });
    await expect(
      api.parent.flightTrips.enroll({ tripId: trip, enrollment: { ...ENROLLMENT_FORM, childId: child } }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await adminNotices("New enrolment")).to).toEqual([...admins.active, ...admins.active].sort());
  });
});

describe("opting out refunds through Stripe", () => {
  it("refunds every payment in full on the school's account with the application fee; the enrolment stays opted out", async () => {
    const { parent, api, enrollmentId, url } = await enrolled();
    await payThroughCheckout(url);
    const [payment] = await paymentRows(enrollmentId);
    const create = vi.spyOn(t.deps.stripe.refunds, "create");
    t.clock.advance(5 * MINUTE);
    expect(await api.parent.flightTrips.optOut({ enrollmentId })).toEqual({ refundsRequested: 1, refundsFailed: 0 });
    expect(create.mock.calls).toEqual([
      [
        {
          payment_intent: payment!.stripePaymentIntentId,
          amount: 10_000,
          refund_application_fee: true,
          metadata: { payment_id: payment!.id, reason: "opted_out" },
        },
        { stripeAccount: ACCOUNT, idempotencyKey: `refund-${payment!.stripePaymentIntentId}-0` },
      ],
    ]);
    create.mockRestore();
    // The simulator delivered charge.refunded through the real webhook.
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      status: "opted-out",
      paymentStatus: "pending",
      amountPaidCents: 0,
      optedOutAt: t.clock.now(),
    });
    expect((await paymentRows(enrollmentId)).map((row) => [row.status, row.refundedAt])).toEqual([
      ["refunded", t.clock.now()],
    ]);
    expect((await mails(parent.email, "payment_refunded")).map((mail) => mail.id)).toEqual([
      refundEmailId(payment!.stripePaymentIntentId!, payment!.amountCents),
    ]);
    expect(await audits("enrollment_refunded")).toHaveLength(1);
    expect(await audits("enrollment_opted_out")).toHaveLength(1);
  });

  it("a refund Stripe refuses is reported (for the hourly sweep); the enrolment is opted out all the same", async () => {
    const { api, enrollmentId, url } = await enrolled();
    await payThroughCheckout(url);
    const create = vi.spyOn(t.deps.stripe.refunds, "create").mockRejectedValue(new Error("Stripe is down"));
    expect(await api.parent.flightTrips.optOut({ enrollmentId })).toEqual({ refundsRequested: 1, refundsFailed: 1 });
    create.mockRestore();
    // Decided (nothing kept), not yet done: the refund shows as pending until Stripe takes it.
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      status: "opted-out",
      amountPaidCents: 0,
      refundPendingCents: 10_000,
      amountRefundedCents: 0,
    });
    expect((await paymentRows(enrollmentId)).map((row) => [row.status, row.refundDueCents, row.refundedCents])).toEqual(
      [["succeeded", 10_000, 0]],
    );
  });

  it("an open Checkout of an opted-out enrolment is expired: nothing more can be paid through it", async () => {
    const { api, enrollmentId, url } = await enrolled();
    await api.parent.flightTrips.optOut({ enrollmentId });
    expect((await sessionOf(url)).status).toBe("expired");
    expect((await paymentRows(enrollmentId)).map((row) => row.status)).toEqual(["failed"]);
    const response = await t.app.request(`http://localhost:8787/dev/stripe/checkout/${(await sessionOf(url)).id}/pay`, {
      method: "POST",
    });
    expect(response.status).toBe(410);
  });

  it("ST3 once a payment is recorded, every order of the remaining success, failure and refund events, with duplicates, ends refunded and opted out", async () => {
    const admins = await schoolAdmins();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("sessionCompleted", "intentSucceeded") as fc.Arbitrary<"sessionCompleted" | "intentSucceeded">,
        fc.shuffledSubarray(["sessionCompleted", "intentSucceeded", "failed", "refunded"] as const, {
          minLength: 4,
          maxLength: 4,
        }),
        fc.array(
          fc.constantFrom("sessionCompleted", "intentSucceeded", "failed", "refunded") as fc.Arbitrary<
            "sessionCompleted" | "intentSucceeded" | "failed" | "refunded"
          >,
          {
            maxLength: 3,
          },
        ),
        async (first, rest, duplicates) => {
          await t.db.delete(notifications);
          const { parent, enrollmentId, url } = await enrolled();
          const events = await checkoutEvents(url);
          // A refund is only ever asked for a payment the webhook has recorded as succeeded.
          await post(events[first]);
          await t.db
            .update(flightTripEnrollments)
            .set({ status: "opted-out", optedOutAt: t.clock.now() })
            .where(eq(flightTripEnrollments.id, enrollmentId));
          for (const name of [...rest, ...duplicates]) await post(events[name]);
          expect(await enrollmentRow(enrollmentId)).toMatchObject({
            status: "opted-out",
            paymentStatus: "pending",
            amountPaidCents: 0,
          });
          expect((await paymentRows(enrollmentId)).map((row) => [row.status, row.stripePaymentIntentId])).toEqual([
            ["refunded", events.intentId],
          ]);
          expect(await mails(parent.email, "payment_receipt")).toHaveLength(1);
          expect(await mails(parent.email, "payment_refunded")).toHaveLength(1);
          // The school's admins: one notice each of the payment, the failed attempt and the refund, whatever the order and replays.
          for (const title of ["Payment received", "Payment failed", "Refund completed"]) {
            expect((await adminNotices(title)).to, title).toEqual(admins.active);
          }
          expect((await adminNotices("Payment received")).messages).toEqual([
            expect.stringMatching(/ paid \$100\.00 online for .* on /),
          ]);
          expect((await adminNotices("Refund completed")).messages).toEqual([
            expect.stringMatching(/^\$100\.00 was refunded to /),
          ]);
        },
      ),
      { numRuns: 16 },
    );
  });

  it("a refund the school makes of a confirmed enrolment's deposit leaves it confirmed and owing the deposit again", async () => {
    const { enrollmentId, url } = await enrolled();
    await payThroughCheckout(url);
    const [payment] = await paymentRows(enrollmentId);
    const response = await t.app.request(
      `http://localhost:8787/dev/stripe/payments/${payment!.stripePaymentIntentId}/refund`,
      { method: "POST" },
    );
    expect(response.status).toBe(303);
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "pending",
      amountPaidCents: 0,
    });
  });

  it("an enrolment event from another connected account, or naming another parent, changes nothing", async () => {
    const { enrollmentId, url } = await enrolled();
    const events = await checkoutEvents(url);
    const { account: _drop, ...rest } = events.intentSucceeded as typeof events.intentSucceeded & { account?: string };
    await post({ ...rest, id: `${rest.id}_elsewhere`, account: "acct_somebody_else" });
    const intent = events.sessionCompleted.data.object as unknown as { metadata: Record<string, string> };
    await post({
      ...events.sessionCompleted,
      id: `${events.sessionCompleted.id}_forged`,
      data: { object: { ...intent, metadata: { ...intent.metadata, parentId: "someone-else" } } },
    });
    expect(await enrollmentRow(enrollmentId)).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      amountPaidCents: 0,
    });
    expect((await paymentRows(enrollmentId)).map((row) => row.status)).toEqual(["pending"]);
  });
});
