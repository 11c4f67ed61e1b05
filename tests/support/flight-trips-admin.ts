import { eq } from "drizzle-orm";
import { children, devStripeObjects, flightTripEnrollments, payments } from "#db/schema/index.ts";
import type { FlightTripForm } from "#shared/flight-trips.ts";
import { payPaymentSession } from "#worker/http/dev-stripe-payments.ts";
import { enrollmentPaymentRecompute } from "#worker/services/flight-trips/payment-events.ts";
import type { SimCheckoutSession } from "#worker/stripe/simulator.ts";
import { createSchool, createUser } from "./fixtures.ts";
import type { TestApp } from "./harness.ts";

export const FLIGHT_ACCOUNT = "acct_flight_trips_test";

/** The create / edit form as the dialog sends it (dollars as typed). */
export function tripForm(change: Partial<Record<keyof FlightTripForm, unknown>> = {}): FlightTripForm {
  return {
    title: "Washington DC Museums",
    departureAirport: "BOS",
    arrivalAirport: "DCA",
    departureDate: "2026-04-20",
    departureTime: "08:30",
    returnDate: "2026-04-22",
    returnTime: "18:00",
    airline: "JetBlue",
    costPerStudent: 450.5,
    deposit: 100,
    description: "Three days of museums",
    status: "scheduled",
    enrollmentDeadline: "2026-04-01",
    capacity: 30,
    ...change,
  } as FlightTripForm;
}

/** A connected school in `timeZone` with an admin and a parent with one child. */
export async function flightSchool(t: TestApp, options: { timeZone?: string; account?: string } = {}) {
  const school = await createSchool(t.db, {
    stripeConnectAccountId: options.account ?? FLIGHT_ACCOUNT,
    platformFeeBps: 750,
    timeZone: options.timeZone ?? "America/New_York",
  });
  const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  const child = await addChild(t, school.id, parent.id, "Ava Martin");
  return { school, admin, parent, child };
}

export async function addChild(
  t: TestApp,
  schoolId: string,
  parentId: string,
  name: string,
  grade: (typeof children.$inferInsert)["grade"] = "5th Grade",
) {
  const [child] = await t.db
    .insert(children)
    .values({ schoolId, parentId, name, age: 10, grade, school: "Maple", emergencyContact: "Grandma" })
    .returning();
  return child!;
}

/** An enrolment as the parent's Enroll Now leaves it (pending, nothing paid), unless changed. */
export async function enrol(
  t: TestApp,
  input: { schoolId: string; tripId: string; parentId: string; childId: string },
  change: Partial<typeof flightTripEnrollments.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(flightTripEnrollments)
    .values({
      schoolId: input.schoolId,
      flightTripId: input.tripId,
      parentId: input.parentId,
      childId: input.childId,
      emergencyContact: "Grandma Martin",
      emergencyPhone: "+1 617 555 0101",
      medicalInfo: "Asthma inhaler",
      dietaryRestrictions: "No peanuts",
      termsAcceptedAt: t.clock.now(),
      termsAcceptedBy: input.parentId,
      ...change,
    })
    .returning();
  return row!;
}

/**
 * A real payment of an enrolment in the Stripe simulator: a Checkout made on the school's connected
 * account and paid (the PaymentIntent and its charge exist there), and the succeeded payments row.
 */
export async function paidEnrollmentPayment(
  t: TestApp,
  enrolment: { id: string; schoolId: string; parentId: string },
  amountCents: number,
  account = FLIGHT_ACCOUNT,
) {
  const created = await t.deps.stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: amountCents, product_data: { name: "Flight trip" } },
        },
      ],
      payment_intent_data: {
        application_fee_amount: Math.round(amountCents * 0.075),
        metadata: { kind: "enrollment", enrollmentId: enrolment.id },
      },
      success_url: "http://localhost:8787/parent/flight-trips?payment=success",
    },
    { stripeAccount: account },
  );
  const [stored] = await t.db.select().from(devStripeObjects).where(eq(devStripeObjects.id, created.id));
  const { completed } = await payPaymentSession(t.db, stored!.data as unknown as SimCheckoutSession, t.clock.now());
  const [payment] = await t.db
    .insert(payments)
    .values({
      schoolId: enrolment.schoolId,
      parentId: enrolment.parentId,
      kind: "enrollment",
      enrollmentId: enrolment.id,
      amountCents,
      applicationFeeCents: Math.round(amountCents * 0.075),
      status: "succeeded",
      stripeCheckoutSessionId: created.id,
      stripePaymentIntentId: completed.payment_intent,
      stripeAccountId: account,
      paidAt: t.clock.now(),
    })
    .returning();
  // As the webhook does: the enrolment's money recomputed from its payments.
  await t.db.batch([enrollmentPaymentRecompute(t.db, enrolment.id, t.clock.now())]);
  return payment!;
}

/** The simulated charge of a PaymentIntent (refunded or not). */
export async function simulatedCharge(t: TestApp, paymentIntentId: string) {
  const [intent] = await t.db.select().from(devStripeObjects).where(eq(devStripeObjects.id, paymentIntentId));
  const chargeId = (intent!.data as { latest_charge: string }).latest_charge;
  const [charge] = await t.db.select().from(devStripeObjects).where(eq(devStripeObjects.id, chargeId));
  return charge!.data as { refunded: boolean; amount_refunded: number };
}
