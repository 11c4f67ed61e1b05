import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditLogs,
  devStripeObjects,
  emailLogs,
  flightTripEnrollments,
  flightTrips,
  notifications,
  payments,
  stripeEvents,
} from "#db/schema/index.ts";
import { FLIGHT_TRIP_ADMIN_MESSAGES, FLIGHT_TRIP_MESSAGES as M } from "#shared/flight-trips.ts";
import { text } from "#worker/i18n/texts.ts";
import { ROSTER_HEADER } from "#worker/services/flight-trips/roster.ts";
import { NOTIFICATION_SEND_LIMIT } from "#worker/services/notifications/notifications.ts";
import { FLIGHT_TRIP_REFUSALS } from "#worker/services/refusal-texts.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createUser, sessionCookieFor } from "../support/fixtures.ts";
import {
  addChild,
  enroll,
  FLIGHT_ACCOUNT,
  flightSchool,
  paidEnrollmentPayment,
  simulatedCharge,
  tripForm,
} from "../support/flight-trips-admin.ts";
import { createTestApp, HOUR, type TestApp } from "../support/harness.ts";
import { query } from "../support/http.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof flightSchool>>;

beforeEach(async () => {
  t = await createTestApp();
  f = await flightSchool(t);
});
afterEach(() => t.close());

const admin = () => callerFor(t, f.admin);
const tripRow = async (id: string) => (await t.db.select().from(flightTrips).where(eq(flightTrips.id, id)))[0];
const audits = (type: string) => t.db.select().from(auditLogs).where(eq(auditLogs.eventType, type));
const parentNotices = (parentId: string) =>
  t.db.select().from(notifications).where(eq(notifications.recipientId, parentId));
const notificationMails = (to: string) =>
  t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, to), eq(emailLogs.emailType, "notification")));

async function createTrip(change: Parameters<typeof tripForm>[0] = {}) {
  return (await (await admin()).schoolAdmin.flightTrips.create({ trip: tripForm(change) })).id;
}

describe("the create / edit form rules", () => {
  const cases: Array<[string, Parameters<typeof tripForm>[0], string]> = [
    ["title required", { title: "  " }, M.title],
    ["departure airport required", { departureAirport: "" }, M.departureAirport],
    ["arrival airport required", { arrivalAirport: "" }, M.arrivalAirport],
    ["departure date required", { departureDate: "" }, M.departureDate],
    ["departure date must exist", { departureDate: "2026-02-30" }, M.departureDate],
    ["return date required", { returnDate: "" }, M.returnDate],
    ["departure time as HH:MM", { departureTime: "8:30" }, M.time],
    ["return time as HH:MM", { returnTime: "25:00" }, M.time],
    ["airline required", { airline: "" }, M.airline],
    ["cost required", { costPerStudent: undefined }, M.cost],
    ["cost ≥ 0", { costPerStudent: -0.01 }, M.cost],
    ["cost in steps of 0.01", { costPerStudent: 10.005 }, M.cost],
    ["cost at most $100,000", { costPerStudent: 100_000.01 }, M.costTooLarge(10_000_000, "USD")],
    ["deposit > 0", { deposit: 0 }, M.deposit],
    ["deposit below the cost", { deposit: 450.5 }, M.deposit],
    ["deposit in steps of 0.01", { deposit: 10.001 }, M.deposit],
    [
      "return after departure (same day, earlier time)",
      { returnDate: "2026-04-20", returnTime: "08:00" },
      M.returnAfterDeparture,
    ],
    ["return after departure (earlier day)", { returnDate: "2026-04-19" }, M.returnAfterDeparture],
    ["deadline required", { enrollmentDeadline: "" }, M.deadline],
    ["deadline before departure", { enrollmentDeadline: "2026-04-20" }, M.deadlineBeforeDeparture],
    ["deadline not in the past", { enrollmentDeadline: "2020-01-01" }, M.deadlinePast],
    ["deadline not yesterday (the school's)", { enrollmentDeadline: "2026-03-01" }, M.deadlinePast],
    ["capacity ≥ 1", { capacity: 0 }, M.capacity],
    ["capacity a whole number", { capacity: 2.5 }, M.capacity],
    ["capacity at most 1000", { capacity: 1001 }, M.capacity],
  ];
  it.each(cases)("%s", async (_rule, change, message) => {
    const api = await admin();
    const error = await failure(api.schoolAdmin.flightTrips.create({ trip: tripForm(change) }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain(message);
    expect(await t.db.$count(flightTrips)).toBe(0);
  });

  it("an unknown status or an extra field is refused", async () => {
    const api = await admin();
    expect((await failure(api.schoolAdmin.flightTrips.create({ trip: tripForm({ status: "boarding" }) }))).code).toBe(
      "BAD_REQUEST",
    );
    const extra = { ...tripForm(), schoolId: "another" } as ReturnType<typeof tripForm>;
    expect((await failure(api.schoolAdmin.flightTrips.create({ trip: extra }))).code).toBe("BAD_REQUEST");
    expect(await t.db.$count(flightTrips)).toBe(0);
  });
});

describe("the enrolment deadline is today or later in the school's zone", () => {
  it("today is the school's: 22:00 in New York is already tomorrow in Auckland", async () => {
    // 2026-03-02T03:00Z: still March 1 in New York, March 2 in Auckland.
    t.clock.set(new Date("2026-03-02T03:00:00Z"));
    expect(await createTrip({ enrollmentDeadline: "2026-03-01" })).toEqual(expect.any(String));
    const kiwi = await flightSchool(t, { timeZone: "Pacific/Auckland", account: "acct_kiwi" });
    const api = await callerFor(t, kiwi.admin);
    const error = await failure(
      api.schoolAdmin.flightTrips.create({ trip: tripForm({ enrollmentDeadline: "2026-03-01" }) }),
    );
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: M.deadlinePast });
    await api.schoolAdmin.flightTrips.create({ trip: tripForm({ enrollmentDeadline: "2026-03-02" }) });
  });

  it("an edit that keeps a passed deadline saves; moving it to another past day is refused, to a later day reopens", async () => {
    const tripId = await createTrip({ enrollmentDeadline: "2026-03-10" });
    t.clock.set(new Date("2026-03-20T15:00:00Z"));
    const api = await admin();
    await api.schoolAdmin.flightTrips.update({
      tripId,
      trip: tripForm({ enrollmentDeadline: "2026-03-10", description: "Closed, with a guide" }),
    });
    expect(await tripRow(tripId)).toMatchObject({
      description: "Closed, with a guide",
      enrollmentDeadline: "2026-03-10",
    });
    const moved = await failure(
      api.schoolAdmin.flightTrips.update({ tripId, trip: tripForm({ enrollmentDeadline: "2026-03-15" }) }),
    );
    expect(moved).toMatchObject({ code: "BAD_REQUEST", message: M.deadlinePast });
    expect(await tripRow(tripId)).toMatchObject({ enrollmentDeadline: "2026-03-10" });
    await api.schoolAdmin.flightTrips.update({ tripId, trip: tripForm({ enrollmentDeadline: "2026-03-20" }) });
    expect(await tripRow(tripId)).toMatchObject({ enrollmentDeadline: "2026-03-20" });
  });
});

describe("create, list and edit", () => {
  it("stores cents, and lists the trips soonest first with their students, badges and counts", async () => {
    const later = await createTrip({
      title: "Later",
      departureDate: "2026-05-20",
      returnDate: "2026-05-21",
      enrollmentDeadline: "2026-05-01",
    });
    const sooner = await createTrip({ costPerStudent: 0.1, deposit: null, capacity: null, description: "" });
    expect(await tripRow(later)).toMatchObject({
      costPerStudentCents: 45_050,
      depositCents: 10_000,
      capacity: 30,
      schoolId: f.school.id,
      createdBy: f.admin.id,
    });
    expect(await tripRow(sooner)).toMatchObject({
      costPerStudentCents: 10,
      depositCents: null,
      capacity: null,
      description: null,
    });
    const ben = await addChild(t, f.school.id, f.parent.id, "Ben Martin", "3rd Grade");
    await enroll(
      t,
      { schoolId: f.school.id, tripId: later, parentId: f.parent.id, childId: f.child.id },
      { status: "confirmed", paymentStatus: "partial", amountPaidCents: 10_000 },
    );
    await enroll(
      t,
      { schoolId: f.school.id, tripId: later, parentId: f.parent.id, childId: ben.id },
      { status: "opted-out" },
    );
    const list = await (await admin()).schoolAdmin.flightTrips.list();
    expect(list.timeZone).toBe("America/New_York");
    expect(list.trips.map((trip) => trip.id)).toEqual([sooner, later]);
    const [, laterTrip] = list.trips;
    expect(laterTrip!.students).toEqual([
      expect.objectContaining({
        childName: "Ava Martin",
        grade: "5th Grade",
        status: "confirmed",
        paymentStatus: "partial",
        amountPaidCents: 10_000,
      }),
      expect.objectContaining({ childName: "Ben Martin", grade: "3rd Grade", status: "opted-out" }),
    ]);
    expect(laterTrip!.counts).toEqual({ enrolled: 1, confirmed: 1, paid: 0 });
    expect(await audits("flight_trip.created")).toHaveLength(2);
  });

  it("the list costs one round trip after the session, however many trips and students", async () => {
    const counted = await createTestApp({ countRoundTrips: true });
    try {
      const g = await flightSchool(counted);
      const api = await callerFor(counted, g.admin);
      for (let i = 0; i < 5; i++) {
        const { id } = await api.schoolAdmin.flightTrips.create({ trip: tripForm({ title: `Trip ${i}` }) });
        const child = await addChild(counted, g.school.id, g.parent.id, `Child ${i}`);
        await enroll(counted, { schoolId: g.school.id, tripId: id, parentId: g.parent.id, childId: child.id });
      }
      const { cookie } = await sessionCookieFor(counted.db, counted.deps.config, g.admin, counted.clock.now());
      counted.roundTrips!.reset();
      const response = await query(counted.app, "schoolAdmin.flightTrips.list", undefined, { cookie });
      expect(response.status).toBe(200);
      expect(counted.roundTrips!.count).toBeLessThanOrEqual(2);
    } finally {
      counted.close();
    }
  });

  it("edit saves every field; a schedule change notifies the seat-holding parents once, even when submitted twice", async () => {
    const tripId = await createTrip();
    const other = await createUser(t.db, "parent", { schoolId: f.school.id });
    const otherChild = await addChild(t, f.school.id, other.id, "Cleo Diaz");
    await enroll(t, { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: f.child.id });
    await enroll(
      t,
      { schoolId: f.school.id, tripId, parentId: other.id, childId: otherChild.id },
      { status: "opted-out" },
    );
    const api = await admin();
    // A change parents do not act on (the description) tells nobody.
    await api.schoolAdmin.flightTrips.update({ tripId, trip: tripForm({ description: "Now with a guide" }) });
    expect(await parentNotices(f.parent.id)).toHaveLength(0);
    const moved = tripForm({ departureTime: "10:15", costPerStudent: 500, deposit: 150.25, capacity: 12 });
    const results = await Promise.allSettled([
      api.schoolAdmin.flightTrips.update({ tripId, trip: moved }),
      api.schoolAdmin.flightTrips.update({ tripId, trip: moved }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).not.toHaveLength(0);
    expect(await tripRow(tripId)).toMatchObject({
      departureTime: "10:15",
      costPerStudentCents: 50_000,
      depositCents: 15_025,
      capacity: 12,
      description: "Three days of museums",
    });
    const notices = await parentNotices(f.parent.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: "Flight trip changed", category: "trip" });
    expect(notices[0]!.message).toContain("10:15");
    expect(await notificationMails(f.parent.email)).toHaveLength(1);
    // The opted-out family is not told.
    expect(await parentNotices(other.id)).toHaveLength(0);
  });

  it("the capacity can never drop below the seats already held (confirmed or pending)", async () => {
    const tripId = await createTrip({ capacity: 5 });
    for (const name of ["A One", "B Two", "C Three"]) {
      const child = await addChild(t, f.school.id, f.parent.id, name);
      await enroll(
        t,
        { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: child.id },
        { status: name === "C Three" ? "opted-out" : "pending" },
      );
    }
    const api = await admin();
    expect(await failure(api.schoolAdmin.flightTrips.update({ tripId, trip: tripForm({ capacity: 1 }) }))).toEqual({
      code: "BAD_REQUEST",
      message: text("en", FLIGHT_TRIP_REFUSALS.capacityBelowEnrolled(2)),
    });
    expect((await tripRow(tripId))!.capacity).toBe(5);
    await api.schoolAdmin.flightTrips.update({ tripId, trip: tripForm({ capacity: 2 }) });
    expect((await tripRow(tripId))!.capacity).toBe(2);
  });

  it("AZ2 another school's trip is NOT_FOUND for edit, delete, roster and notify, and stays unchanged", async () => {
    const g = await flightSchool(t, { account: "acct_other_school" });
    const foreign = (
      await (await callerFor(t, g.admin)).schoolAdmin.flightTrips.create({ trip: tripForm({ title: "Theirs" }) })
    ).id;
    await enroll(t, { schoolId: g.school.id, tripId: foreign, parentId: g.parent.id, childId: g.child.id });
    const api = await admin();
    const notFound = { code: "NOT_FOUND", message: M.tripNotFound };
    expect(
      await failure(api.schoolAdmin.flightTrips.update({ tripId: foreign, trip: tripForm({ title: "Mine now" }) })),
    ).toEqual(notFound);
    expect(await failure(api.schoolAdmin.flightTrips.delete({ tripId: foreign }))).toEqual(notFound);
    expect(await failure(api.schoolAdmin.flightTrips.roster({ tripId: foreign }))).toEqual(notFound);
    expect(
      await failure(
        api.schoolAdmin.flightTrips.notifyParents({ tripId: foreign, title: "Hi", message: "Hello", email: false }),
      ),
    ).toEqual(notFound);
    expect(await tripRow(foreign)).toMatchObject({ title: "Theirs", status: "scheduled" });
    expect(await t.db.$count(flightTripEnrollments)).toBe(1);
    expect(await parentNotices(g.parent.id)).toHaveLength(0);
    expect((await api.schoolAdmin.flightTrips.list()).trips).toEqual([]);
  });
});

describe("delete or cancel", () => {
  it("a trip nobody paid for is deleted with its enrolments; the enrolled parents are told", async () => {
    const tripId = await createTrip();
    await enroll(t, { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: f.child.id });
    expect(await (await admin()).schoolAdmin.flightTrips.delete({ tripId })).toEqual({
      id: tripId,
      outcome: "deleted",
    });
    expect(await tripRow(tripId)).toBeUndefined();
    expect(await t.db.$count(flightTripEnrollments)).toBe(0);
    expect((await parentNotices(f.parent.id)).map((n) => n.title)).toEqual(["Flight trip cancelled"]);
    expect(await audits("flight_trip.deleted")).toHaveLength(1);
    expect(await failure((await admin()).schoolAdmin.flightTrips.delete({ tripId }))).toEqual({
      code: "NOT_FOUND",
      message: M.tripNotFound,
    });
  });

  it("ST4 a trip with paid enrolments is cancelled instead: full refunds on the connected account with the fee, parents told once, even on a double click", async () => {
    const tripId = await createTrip();
    const other = await createUser(t.db, "parent", { schoolId: f.school.id });
    const otherChild = await addChild(t, f.school.id, other.id, "Dan Wu");
    const paidInFull = await enroll(
      t,
      { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: f.child.id },
      { status: "confirmed" },
    );
    const deposit = await enroll(
      t,
      { schoolId: f.school.id, tripId, parentId: other.id, childId: otherChild.id },
      { status: "confirmed" },
    );
    const first = await paidEnrollmentPayment(t, paidInFull, 10_000);
    const second = await paidEnrollmentPayment(t, paidInFull, 35_050);
    const third = await paidEnrollmentPayment(t, deposit, 10_000);
    const create = vi.spyOn(t.deps.stripe.refunds, "create");
    const api = await admin();
    const answers = await Promise.all([
      api.schoolAdmin.flightTrips.delete({ tripId }),
      api.schoolAdmin.flightTrips.delete({ tripId }),
    ]);
    expect(answers.map((a) => a.outcome)).toEqual(["cancelled", "cancelled"]);
    expect(await tripRow(tripId)).toMatchObject({ status: "cancelled" });
    expect(await t.db.$count(flightTripEnrollments)).toBe(2);
    for (const payment of [first, second, third]) {
      expect(create).toHaveBeenCalledWith(
        {
          payment_intent: payment.stripePaymentIntentId,
          amount: payment.amountCents,
          refund_application_fee: true,
          metadata: { payment_id: payment.id, reason: "flight_trip_cancelled" },
        },
        { stripeAccount: FLIGHT_ACCOUNT, idempotencyKey: `refund-${payment.stripePaymentIntentId}-0` },
      );
      expect(await simulatedCharge(t, payment.stripePaymentIntentId!)).toMatchObject({
        refunded: true,
        amount_refunded: payment.amountCents,
      });
    }
    // One refund and one charge.refunded per payment, however often it was asked.
    expect(await t.db.$count(devStripeObjects, eq(devStripeObjects.type, "refund"))).toBe(3);
    expect(await t.db.$count(stripeEvents, eq(stripeEvents.type, "charge.refunded"))).toBe(3);
    for (const parent of [f.parent, other]) {
      expect((await parentNotices(parent.id)).map((n) => n.title)).toEqual(["Flight trip cancelled"]);
      expect(await notificationMails(parent.email)).toHaveLength(1);
    }
    expect(await audits("flight_trip.cancelled")).toHaveLength(1);
    // Asking again (a later click) refunds nothing more and tells nobody again.
    expect(await api.schoolAdmin.flightTrips.delete({ tripId })).toMatchObject({ outcome: "cancelled" });
    expect(await t.db.$count(devStripeObjects, eq(devStripeObjects.type, "refund"))).toBe(3);
    expect(await parentNotices(f.parent.id)).toHaveLength(1);
    create.mockRestore();
  });

  it("a Checkout still open (its money may yet arrive) makes Delete cancel; one abandoned over 24 hours ago does not", async () => {
    const open = await createTrip({ title: "Open checkout" });
    const stale = await createTrip({ title: "Abandoned checkout" });
    for (const [tripId, ageHours] of [
      [open, 1],
      [stale, 25],
    ] as const) {
      const enrollment = await enroll(t, { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: f.child.id });
      await t.db.insert(payments).values({
        schoolId: f.school.id,
        parentId: f.parent.id,
        kind: "enrollment",
        enrollmentId: enrollment.id,
        amountCents: 10_000,
        applicationFeeCents: 750,
        status: "pending",
        stripeCheckoutSessionId: `cs_test_${tripId}`,
        stripeAccountId: FLIGHT_ACCOUNT,
        createdAt: new Date(t.clock.now().getTime() - ageHours * HOUR),
      });
    }
    const api = await admin();
    const flags = (await api.schoolAdmin.flightTrips.list()).trips.map((trip) => [trip.title, trip.hasPaidEnrollments]);
    expect(flags.sort()).toEqual([
      ["Abandoned checkout", false],
      ["Open checkout", true],
    ]);
    expect(await api.schoolAdmin.flightTrips.delete({ tripId: open })).toMatchObject({
      outcome: "cancelled",
      refunds: 0,
    });
    expect(await tripRow(open)).toMatchObject({ status: "cancelled" });
    expect(await api.schoolAdmin.flightTrips.delete({ tripId: stale })).toMatchObject({ outcome: "deleted" });
    expect(await tripRow(stale)).toBeUndefined();
  });

  it("the list says which trips have paid enrolments (the UI asks for the cancel confirmation)", async () => {
    const tripId = await createTrip();
    const enrollment = await enroll(
      t,
      { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: f.child.id },
      { status: "confirmed" },
    );
    expect((await (await admin()).schoolAdmin.flightTrips.list()).trips[0]!.hasPaidEnrollments).toBe(false);
    await paidEnrollmentPayment(t, enrollment, 10_000);
    expect((await (await admin()).schoolAdmin.flightTrips.list()).trips[0]!.hasPaidEnrollments).toBe(true);
  });

  it("setting the status to cancelled in the form cancels as Delete does (refunds, parents told)", async () => {
    const tripId = await createTrip();
    const enrollment = await enroll(
      t,
      { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: f.child.id },
      { status: "confirmed" },
    );
    const payment = await paidEnrollmentPayment(t, enrollment, 10_000);
    await (await admin()).schoolAdmin.flightTrips.update({ tripId, trip: tripForm({ status: "cancelled" }) });
    expect(await tripRow(tripId)).toMatchObject({ status: "cancelled" });
    expect(await simulatedCharge(t, payment.stripePaymentIntentId!)).toMatchObject({ refunded: true });
    expect((await parentNotices(f.parent.id)).map((n) => n.title)).toEqual(["Flight trip cancelled"]);
    // Its money went back: it cannot be reopened (its other fields can still be corrected).
    const api = await admin();
    expect(
      await failure(api.schoolAdmin.flightTrips.update({ tripId, trip: tripForm({ status: "scheduled" }) })),
    ).toEqual({
      code: "BAD_REQUEST",
      message: FLIGHT_TRIP_ADMIN_MESSAGES.reopenCancelled,
    });
    await api.schoolAdmin.flightTrips.update({
      tripId,
      trip: tripForm({ status: "cancelled", description: "Cancelled: storm" }),
    });
    expect(await tripRow(tripId)).toMatchObject({ status: "cancelled", description: "Cancelled: storm" });
  });
});

describe("roster and notify", () => {
  it("the roster CSV holds every enrolment with contacts and notes, spreadsheet-safe and RFC 4180 quoted", async () => {
    const tripId = await createTrip({ title: 'Museums "DC" / 2026' });
    const hostile = await addChild(t, f.school.id, f.parent.id, '=HYPERLINK("http://evil")');
    await enroll(
      t,
      { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: f.child.id },
      { status: "confirmed", paymentStatus: "partial", amountPaidCents: 10_000 },
    );
    await enroll(
      t,
      { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: hostile.id },
      { emergencyPhone: "+1 555", dietaryRestrictions: "@SUM(1)\r\nline two" },
    );
    const roster = await (await admin()).schoolAdmin.flightTrips.roster({ tripId });
    expect(roster.fileName).toBe("roster-museums-dc-2026-2026-04-20.csv");
    const lines = roster.csv.split("\r\n");
    // Sorted by name: "=" sorts before letters.
    expect(lines[0]).toBe(ROSTER_HEADER.map((h) => `"${h}"`).join(","));
    expect(lines.find((line) => line.startsWith('"Ava'))).toBe(
      `"Ava Martin","5th Grade","Confirmed","Partial","$100.00","Test parent","${f.parent.email}","Grandma Martin","(617) 555-0101","Asthma inhaler","No peanuts","2026-03-02T09:00:00.000Z"`,
    );
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)","5th Grade","Pending","Pending","\$0.00"/);
    expect(roster.csv).toContain(`"'@SUM(1)\r\nline two"`);
    expect(roster.students).toBe(2);
  });

  it("notify enrolled parents reaches only seat-holding families, and is limited like Send Notification", async () => {
    const tripId = await createTrip();
    const other = await createUser(t.db, "parent", { schoolId: f.school.id });
    await enroll(t, { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: f.child.id });
    await enroll(
      t,
      {
        schoolId: f.school.id,
        tripId,
        parentId: other.id,
        childId: (await addChild(t, f.school.id, other.id, "Eve Opt")).id,
      },
      { status: "opted-out" },
    );
    const api = await admin();
    expect(
      await api.schoolAdmin.flightTrips.notifyParents({
        tripId,
        title: "Passports",
        message: "Bring a passport.",
        email: true,
      }),
    ).toEqual({ recipients: 1 });
    expect((await parentNotices(f.parent.id)).map((n) => [n.title, n.category])).toEqual([["Passports", "trip"]]);
    expect(await notificationMails(f.parent.email)).toHaveLength(1);
    expect(await parentNotices(other.id)).toHaveLength(0);
    expect(
      (await failure(api.schoolAdmin.flightTrips.notifyParents({ tripId, title: "", message: "x", email: false })))
        .code,
    ).toBe("BAD_REQUEST");
    expect(
      (
        await failure(
          api.schoolAdmin.flightTrips.notifyParents({ tripId, title: "x".repeat(121), message: "x", email: false }),
        )
      ).code,
    ).toBe("BAD_REQUEST");
    for (let i = 1; i < NOTIFICATION_SEND_LIMIT.max; i++)
      await api.schoolAdmin.flightTrips.notifyParents({ tripId, title: `N${i}`, message: "m", email: false });
    expect(
      (
        await failure(
          api.schoolAdmin.flightTrips.notifyParents({ tripId, title: "One too many", message: "m", email: false }),
        )
      ).code,
    ).toBe("TOO_MANY_REQUESTS");
    expect(await parentNotices(f.parent.id)).toHaveLength(NOTIFICATION_SEND_LIMIT.max);
  });

  it("a trip without seat-holding enrolments has nobody to notify", async () => {
    const tripId = await createTrip();
    expect(
      await failure(
        (await admin()).schoolAdmin.flightTrips.notifyParents({ tripId, title: "Hi", message: "Hello", email: false }),
      ),
    ).toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
