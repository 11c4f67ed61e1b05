import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditLogs,
  devStripeObjects,
  flightTripEnrollments,
  flightTrips,
  payments,
  schools,
} from "#db/schema/index.ts";
import { ENROLLMENT_MESSAGES, FLIGHT_TRIP_MESSAGES as M, SEAT_HOLDING_STATUSES } from "#shared/flight-trip-texts.ts";
import { text } from "#worker/i18n/texts.ts";
import { CHECKOUT_LIMIT } from "#worker/services/payments/checkout.ts";
import { FLIGHT_TRIP_REFUSALS, PAYMENT_REFUSALS } from "#worker/services/refusal-texts.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { ENROLLMENT_FORM, seedChild, seedEnrollment, seedFlightTrip } from "../support/flight-trips.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db);
});
afterEach(() => t.close());

/** A parent of the school with one child, signed in. */
async function family(name = "Ada") {
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  const child = await seedChild(t.db, { schoolId: school.id, parentId: parent.id, name });
  return { parent, child, api: await callerFor(t, parent) };
}

type Family = Awaited<ReturnType<typeof family>>;
const enroll = (who: Family, tripId: string, childId = who.child.id) =>
  who.api.parent.flightTrips.enroll({ tripId, enrollment: { ...ENROLLMENT_FORM, childId } });

const enrollments = () => t.db.select().from(flightTripEnrollments).orderBy(flightTripEnrollments.id);
const seatHolding = async (tripId: string) =>
  (await enrollments()).filter(
    (row) => row.flightTripId === tripId && (SEAT_HOLDING_STATUSES as readonly string[]).includes(row.status),
  );
const sessions = () => t.db.$count(devStripeObjects, eq(devStripeObjects.type, "checkout.session"));

describe("enrolling", () => {
  it("writes a pending enrolment with the form, the terms accepted at and by, and starts Checkout for the deposit", async () => {
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    const { enrollmentId, url } = await enroll(who, trip.id);
    expect(url).toMatch(/\/dev\/stripe\/checkout\/cs_/);
    const [row] = await enrollments();
    expect(row).toMatchObject({
      id: enrollmentId,
      schoolId: school.id,
      flightTripId: trip.id,
      childId: who.child.id,
      parentId: who.parent.id,
      status: "pending",
      paymentStatus: "pending",
      amountPaidCents: 0,
      emergencyContact: "Grandma Lee",
      emergencyPhone: "+16175550101",
      medicalInfo: "Asthma inhaler",
      dietaryRestrictions: null,
      termsAcceptedAt: t.clock.now(),
      termsAcceptedBy: who.parent.id,
    });
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "enrollment_created"))).toBe(1);
    expect((await t.db.select().from(payments)).map((p) => [p.kind, p.enrollmentId, p.amountCents])).toEqual([
      ["enrollment", enrollmentId, 10_000],
    ]);
  });

  it("a free trip confirms at once, without Checkout", async () => {
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id, costPerStudentCents: 0, depositCents: null });
    expect((await enroll(who, trip.id)).url).toBeNull();
    expect(await enrollments()).toEqual([expect.objectContaining({ status: "confirmed", paymentStatus: "paid" })]);
    expect(await sessions()).toBe(0);
  });

  it("refuses the terms unticked, a missing emergency contact or phone, and changes nothing", async () => {
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    const bad = [
      { ...ENROLLMENT_FORM, acceptTerms: false },
      { ...ENROLLMENT_FORM, emergencyContact: "  " },
      { ...ENROLLMENT_FORM, emergencyPhone: "" },
      { ...ENROLLMENT_FORM, childId: "" },
    ];
    const answers = [];
    for (const enrollment of bad)
      answers.push(
        await failure(
          who.api.parent.flightTrips.enroll({
            tripId: trip.id,
            enrollment: { childId: who.child.id, ...enrollment } as never,
          }),
        ),
      );
    expect(answers.map((answer) => answer.code)).toEqual(Array(4).fill("BAD_REQUEST"));
    expect(answers.map((answer) => answer.message).join("\n")).toContain(M.terms);
    expect(await enrollments()).toEqual([]);
  });

  it("AZ2 another family's child or another school's trip is not found, and nothing is written", async () => {
    const who = await family();
    const neighbour = await family("Ben");
    const otherSchool = await createSchool(t.db);
    const ownTrip = await seedFlightTrip(t.db, { schoolId: school.id });
    const foreignTrip = await seedFlightTrip(t.db, { schoolId: otherSchool.id });
    expect(await failure(enroll(who, ownTrip.id, neighbour.child.id))).toEqual({
      code: "NOT_FOUND",
      message: M.childNotFound,
    });
    expect(await failure(enroll(who, foreignTrip.id))).toEqual({ code: "NOT_FOUND", message: M.tripNotFound });
    expect(await failure(enroll(who, "no-such-trip"))).toEqual({ code: "NOT_FOUND", message: M.tripNotFound });
    expect(await enrollments()).toEqual([]);
    expect(await sessions()).toBe(0);
  });

  it("refuses a trip that is not scheduled, a child already enrolled, and a school that cannot take payments (no seat taken)", async () => {
    const who = await family();
    for (const status of ["in-progress", "completed", "cancelled"] as const) {
      const trip = await seedFlightTrip(t.db, { schoolId: school.id, status });
      expect(await failure(enroll(who, trip.id))).toEqual({ code: "PRECONDITION_FAILED", message: M.notOpen });
    }
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    await enroll(who, trip.id);
    expect(await failure(enroll(who, trip.id))).toEqual({ code: "CONFLICT", message: M.alreadyEnrolled });
    await t.db.update(schools).set({ connectChargesEnabled: false }).where(eq(schools.id, school.id));
    const other = await seedFlightTrip(t.db, { schoolId: school.id });
    expect(await failure(enroll(who, other.id))).toEqual({
      code: "PRECONDITION_FAILED",
      message: text("en", PAYMENT_REFUSALS.schoolCannotTakePayments(school.name)),
    });
    expect((await enrollments()).map((row) => row.flightTripId)).toEqual([trip.id]);
  });

  it("20 concurrent enrolments into a trip of capacity 5: exactly 5 hold a seat, the others are told it is full", async () => {
    const trip = await seedFlightTrip(t.db, { schoolId: school.id, capacity: 5 });
    const families = await Promise.all(Array.from({ length: 20 }, (_, i) => family(`Child ${i}`)));
    const results = await Promise.allSettled(families.map((who) => enroll(who, trip.id)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(new Set(refused.map((result) => (result.reason as Error).message))).toEqual(new Set([M.full]));
    expect(await seatHolding(trip.id)).toHaveLength(5);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "enrollment_created"))).toBe(5);
    // The list says so: no seat left, Enroll Now gone for the others.
    const view = (await families.find((_, i) => results[i]!.status === "rejected")!.api.parent.flightTrips.list())
      .trips[0]!;
    expect(view).toMatchObject({
      seatsLeft: 0,
      children: [expect.objectContaining({ canEnroll: false, label: "Not Enrolled" })],
    });
  });

  it("a double click on Enroll & Pay Now enrols once and audits once", async () => {
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    const results = await Promise.allSettled([enroll(who, trip.id), enroll(who, trip.id)]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await enrollments()).toHaveLength(1);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "enrollment_created"))).toBe(1);
  });

  it("the deadline day is inclusive in the school's zone: open until its midnight there, then closed with the date", async () => {
    await t.db.update(schools).set({ timeZone: "America/Los_Angeles" }).where(eq(schools.id, school.id));
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id, enrollmentDeadline: "2026-03-20" });
    const late = await seedFlightTrip(t.db, { schoolId: school.id, enrollmentDeadline: "2026-03-20" });
    // 23:59 on the 20th in Los Angeles (PDT, UTC−7) is 06:59 UTC on the 21st: still open.
    t.clock.set(new Date("2026-03-21T06:59:00Z"));
    expect((await enroll(who, trip.id)).url).toBeTruthy();
    t.clock.set(new Date("2026-03-21T07:00:00Z"));
    expect(await failure(enroll(who, late.id))).toEqual({
      code: "PRECONDITION_FAILED",
      message: text("en", FLIGHT_TRIP_REFUSALS.closed("2026-03-20")),
    });
    expect((await enrollments()).map((row) => row.flightTripId)).toEqual([trip.id]);
    // East of UTC the day ends earlier: in Auckland (UTC+13) the 20th is over at 11:00 UTC on the 20th.
    const auckland = await createSchool(t.db, { timeZone: "Pacific/Auckland" });
    const kiwi = await createUser(t.db, "parent", { schoolId: auckland.id });
    const kiwiChild = await seedChild(t.db, { schoolId: auckland.id, parentId: kiwi.id });
    const kiwiTrip = await seedFlightTrip(t.db, { schoolId: auckland.id, enrollmentDeadline: "2026-03-20" });
    t.clock.set(new Date("2026-03-20T11:00:00Z"));
    const kiwiApi = await callerFor(t, kiwi);
    expect(
      (
        await failure(
          kiwiApi.parent.flightTrips.enroll({
            tripId: kiwiTrip.id,
            enrollment: { ...ENROLLMENT_FORM, childId: kiwiChild.id },
          }),
        )
      ).message,
    ).toBe(text("en", FLIGHT_TRIP_REFUSALS.closed("2026-03-20")));
    expect((await kiwiApi.parent.flightTrips.list()).trips[0]).toMatchObject({
      enrollmentOpen: false,
      closesAt: new Date("2026-03-20T11:00:00Z"),
    });
  });

  it("enrolling is rate-limited per parent like checkouts", async () => {
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    await t.db.update(flightTrips).set({ status: "cancelled" }).where(eq(flightTrips.id, trip.id));
    for (let i = 0; i < CHECKOUT_LIMIT.max; i++) await failure(enroll(who, trip.id));
    expect((await failure(enroll(who, trip.id))).code).toBe("TOO_MANY_REQUESTS");
    t.clock.advance(CHECKOUT_LIMIT.windowMs);
    expect((await failure(enroll(who, trip.id))).code).toBe("PRECONDITION_FAILED");
  });
});

describe("opting out and enrolling again", () => {
  it("before the deadline: opted out at once, the seat frees for another child; again is refused", async () => {
    const trip = await seedFlightTrip(t.db, { schoolId: school.id, capacity: 1 });
    const first = await family("Ada");
    const second = await family("Ben");
    const { enrollmentId } = await enroll(first, trip.id);
    expect(await failure(enroll(second, trip.id))).toEqual({ code: "CONFLICT", message: M.full });
    expect(await first.api.parent.flightTrips.optOut({ enrollmentId })).toEqual({
      refundsRequested: 0,
      refundsFailed: 0,
    });
    expect((await enrollments()).find((row) => row.id === enrollmentId)).toMatchObject({
      status: "opted-out",
      optedOutAt: t.clock.now(),
    });
    expect((await enroll(second, trip.id)).url).toBeTruthy();
    expect(await failure(first.api.parent.flightTrips.optOut({ enrollmentId }))).toEqual({
      code: "CONFLICT",
      message: ENROLLMENT_MESSAGES.alreadyOptedOut,
    });
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "enrollment_opted_out"))).toBe(1);
    // The seat is taken again: re-enrolling the first child is refused as full, and changes nothing.
    expect(await failure(enroll(first, trip.id))).toEqual({ code: "CONFLICT", message: M.full });
    expect((await enrollments()).find((row) => row.id === enrollmentId)?.status).toBe("opted-out");
  });

  it("a double click on Opt Out opts out once", async () => {
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    const { enrollmentId } = await enroll(who, trip.id);
    t.clock.advance(MINUTE);
    const results = await Promise.allSettled([
      who.api.parent.flightTrips.optOut({ enrollmentId }),
      who.api.parent.flightTrips.optOut({ enrollmentId }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "enrollment_opted_out"))).toBe(1);
  });

  it("after the deadline (in the school's zone) opting out is refused and nothing changes", async () => {
    await t.db.update(schools).set({ timeZone: "America/New_York" }).where(eq(schools.id, school.id));
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id, enrollmentDeadline: "2026-03-20" });
    const { enrollmentId } = await enroll(who, trip.id);
    // Midnight after the 20th in New York (EDT, UTC−4).
    t.clock.set(new Date("2026-03-21T04:00:00Z"));
    const before = await enrollments();
    expect(await failure(who.api.parent.flightTrips.optOut({ enrollmentId }))).toEqual({
      code: "PRECONDITION_FAILED",
      message: M.optOutClosed,
    });
    expect(await enrollments()).toEqual(before);
    expect((await who.api.parent.flightTrips.list()).trips[0]!.children[0]!.enrollment).toMatchObject({
      canOptOut: false,
      canPay: true,
    });
  });

  it("re-enrolling after opting out re-activates the same enrolment with the new form and terms", async () => {
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    const { enrollmentId } = await enroll(who, trip.id);
    await who.api.parent.flightTrips.optOut({ enrollmentId });
    t.clock.advance(2 * MINUTE);
    const again = await who.api.parent.flightTrips.enroll({
      tripId: trip.id,
      enrollment: { ...ENROLLMENT_FORM, childId: who.child.id, emergencyContact: "Uncle Joe" },
    });
    expect(again.enrollmentId).toBe(enrollmentId);
    expect(await enrollments()).toEqual([
      expect.objectContaining({
        id: enrollmentId,
        status: "pending",
        optedOutAt: null,
        emergencyContact: "Uncle Joe",
        termsAcceptedAt: t.clock.now(),
      }),
    ]);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "enrollment_reactivated"))).toBe(1);
  });

  it("Make Payment refuses an opted-out enrolment and a cancelled trip", async () => {
    const who = await family();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    const { enrollmentId } = await enroll(who, trip.id);
    await t.db.update(flightTrips).set({ status: "cancelled" }).where(eq(flightTrips.id, trip.id));
    expect(await failure(who.api.parent.flightTrips.pay({ enrollmentId }))).toEqual({
      code: "PRECONDITION_FAILED",
      message: M.notOpen,
    });
    await t.db.update(flightTrips).set({ status: "scheduled" }).where(eq(flightTrips.id, trip.id));
    await who.api.parent.flightTrips.optOut({ enrollmentId });
    expect(await failure(who.api.parent.flightTrips.pay({ enrollmentId }))).toEqual({
      code: "CONFLICT",
      message: ENROLLMENT_MESSAGES.notEnrolled,
    });
  });
});

describe("the parent's list and details", () => {
  it("shows the school's trips soonest first with each child's status, and costs at most 2 round trips", async () => {
    const t2 = await createTestApp({ countRoundTrips: true });
    try {
      const own = await createSchool(t2.db);
      const parent = await createUser(t2.db, "parent", { schoolId: own.id });
      const ada = await seedChild(t2.db, { schoolId: own.id, parentId: parent.id, name: "Ada" });
      const ben = await seedChild(t2.db, { schoolId: own.id, parentId: parent.id, name: "Ben" });
      const later = await seedFlightTrip(t2.db, {
        schoolId: own.id,
        departureDate: "2026-05-01",
        returnDate: "2026-05-03",
        enrollmentDeadline: "2026-04-20",
      });
      const sooner = await seedFlightTrip(t2.db, { schoolId: own.id, capacity: 3, status: "cancelled" });
      await seedFlightTrip(t2.db, {
        schoolId: own.id,
        departureDate: "2026-02-01",
        returnDate: "2026-02-02",
        enrollmentDeadline: "2026-01-20",
      });
      await seedEnrollment(t2.db, {
        schoolId: own.id,
        flightTripId: later.id,
        childId: ada.id,
        parentId: parent.id,
        status: "confirmed",
        paymentStatus: "partial",
        amountPaidCents: 10_000,
      });
      await seedEnrollment(t2.db, {
        schoolId: own.id,
        flightTripId: sooner.id,
        childId: ben.id,
        parentId: parent.id,
        status: "opted-out",
      });
      const api = await callerFor(t2, parent);
      t2.roundTrips!.reset();
      const list = await api.parent.flightTrips.list();
      // One for the session, one batch for the page.
      expect(t2.roundTrips!.count).toBeLessThanOrEqual(2);
      expect(list.trips.map((trip) => [trip.id, trip.status, trip.seatsLeft])).toEqual([
        [sooner.id, "cancelled", 3],
        [later.id, "scheduled", null],
      ]);
      expect(
        list.trips[1]!.children.map((child) => [
          child.childName,
          child.label,
          child.enrollment?.nextPaymentCents ?? null,
          child.canEnroll,
        ]),
      ).toEqual([
        ["Ada", "Confirmed", 35_000, false],
        ["Ben", "Not Enrolled", null, true],
      ]);
      expect(list.trips[0]!.children.map((child) => [child.label, child.canEnroll])).toEqual([
        ["Not Enrolled", false],
        ["Opted Out", false],
      ]);
    } finally {
      t2.close();
    }
  });

  it("View Details shows the trip, this parent's enrolment and its payments; another family's is not found", async () => {
    const who = await family();
    const neighbour = await family("Ben");
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    const { enrollmentId } = await enroll(who, trip.id);
    const details = await who.api.parent.flightTrips.details({ enrollmentId });
    expect(details).toMatchObject({
      trip: { id: trip.id, title: trip.title, airline: "Alaska Airlines" },
      child: { id: who.child.id, name: "Ada" },
      enrollment: { status: "pending", emergencyContact: "Grandma Lee", medicalInfo: "Asthma inhaler" },
      nextPaymentCents: 10_000,
      payments: [],
    });
    expect(await failure(neighbour.api.parent.flightTrips.details({ enrollmentId }))).toEqual({
      code: "NOT_FOUND",
      message: M.enrollmentNotFound,
    });
  });
});
