import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { children, notificationSends, notifications } from "#db/schema/index.ts";
import { NOTIFICATIONS_PAGE_SIZE, type SendNotificationForm } from "#shared/notifications.ts";
import { markOverdueInvoices } from "#worker/services/billing/overdue.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { seedChild, seedEnrollment, seedFlightTrip } from "../support/flight-trips.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { query } from "../support/http.ts";
import { seedInvoice } from "../support/invoice-documents.ts";

/**
 * Issue 25 item 14: the school admin's Sent tab (`schoolAdmin.notifications.listSent`). A send to
 * many parents is one row, with its audience as the send recorded it, the parents it reached and
 * how many have read it (kept by triggers as parents read); the school's own sends only.
 */

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  t = await createTestApp({ countRoundTrips: true });
  school = await createSchool(t.db, { timeZone: "Europe/London", name: "Maple Grove" });
  admin = await createUser(t.db, "school_admin", { schoolId: school.id });
});
afterEach(() => t.close());

const message = (
  audience: SendNotificationForm["audience"],
  overrides: Partial<SendNotificationForm> = {},
): SendNotificationForm => ({
  title: "Snow day",
  message: "No buses tomorrow.",
  type: "warning",
  category: "system",
  audience,
  email: false,
  ...overrides,
});

async function parentOnRoute(route: string | null, name = "A Parent", schoolId = school.id) {
  const parent = await createUser(t.db, "parent", { schoolId, name });
  await t.db.insert(children).values({
    schoolId,
    parentId: parent.id,
    name: "Kid",
    age: 9,
    grade: "4th Grade",
    school: "X",
    busRoute: route,
    emergencyContact: "555",
  });
  return parent;
}

const TRIP = {
  routeName: "North Loop",
  routeType: "pickup" as const,
  busNumber: "12",
  driverName: "Sam",
  departureDate: "2026-03-04",
  departureTime: "07:30",
  arrivalTime: "08:10",
  stops: 4,
  studentsCount: 12,
  status: "scheduled" as const,
};

describe("the Sent tab", () => {
  it("lists a send to every parent as one row with 0 of N read; each parent's read moves the count once; a delete does not undo it", async () => {
    const [first, second, third] = [
      await parentOnRoute("North"),
      await parentOnRoute("South"),
      await parentOnRoute(null),
    ];
    await createUser(t.db, "parent", { schoolId: school.id, isActive: false });
    const api = await callerFor(t, admin);
    const sent = await api.schoolAdmin.notifications.send(message({ kind: "school" }));
    const list = () => api.schoolAdmin.notifications.listSent({ page: 1 });
    expect((await list()).rows).toEqual([
      expect.objectContaining({
        id: sent.batchId,
        title: "Snow day",
        audienceKind: "school",
        recipients: 3,
        readCount: 0,
        automatic: false,
        createdAt: t.clock.now(),
      }),
    ]);
    expect((await list()).total).toBe(1);

    const copyOf = async (parentId: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.recipientId, parentId)))[0]!;
    const asParent = (parent: { id: string }) => callerFor(t, { id: parent.id, role: "parent" });
    const read = async (parent: { id: string }) =>
      (await asParent(parent)).parent.notifications.markRead({ notificationId: (await copyOf(parent.id)).id });
    await read(first);
    expect((await list()).rows[0]).toMatchObject({ recipients: 3, readCount: 1 });
    await read(first); // already read: counted once
    await read(second);
    expect((await list()).rows[0]).toMatchObject({ readCount: 2 });
    await (await asParent(third)).parent.notifications.delete({ notificationId: (await copyOf(third.id)).id });
    await (await asParent(first)).parent.notifications.delete({ notificationId: (await copyOf(first.id)).id });
    expect((await list()).rows[0]).toMatchObject({ recipients: 3, readCount: 2 });
  });

  it("records each kind of send's audience: all parents, a route, one parent (named as their account is now), a trip, a flight trip, an overdue invoice", async () => {
    const north = await parentOnRoute("North Loop", "Nora North");
    const south = await parentOnRoute("South", "Sam South");
    const api = await callerFor(t, admin);
    const at = (step: number) => t.clock.advance(step * 60_000);
    await api.schoolAdmin.notifications.send(message({ kind: "school" }, { title: "To all" }));
    at(1);
    await api.schoolAdmin.notifications.send(
      message({ kind: "route", routeName: " north loop " }, { title: "To a route" }),
    );
    at(1);
    await api.schoolAdmin.notifications.send(message({ kind: "parent", parentId: south.id }, { title: "To one" }));
    at(1);
    const [tripId] = (await api.schoolAdmin.trips.create({ trip: TRIP })).ids;
    await api.schoolAdmin.trips.setStatus({ tripId: tripId!, status: "in-progress" });
    at(1);
    const flight = await seedFlightTrip(t.db, { schoolId: school.id, title: "Washington" });
    const kid = await seedChild(t.db, { schoolId: school.id, parentId: north.id });
    await seedEnrollment(t.db, { schoolId: school.id, flightTripId: flight.id, childId: kid.id, parentId: north.id });
    await api.schoolAdmin.flightTrips.notifyParents({
      tripId: flight.id,
      title: "Passports",
      message: "Bring them.",
      email: false,
    });
    at(1);
    const invoice = await seedInvoice(t.db, { schoolId: school.id, recipientId: south.id, dueDate: "2026-02-20" });
    await markOverdueInvoices(
      { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: t.deps.config.appUrl },
      t.clock.now(),
    );

    const { rows } = await api.schoolAdmin.notifications.listSent({ page: 1 });
    expect(
      rows.map(({ title, audienceKind, audienceLabel, parentName, recipients, automatic }) => ({
        title,
        audienceKind,
        audienceLabel,
        parentName,
        recipients,
        automatic,
      })),
    ).toEqual([
      {
        title: "Invoice overdue",
        audienceKind: "invoice",
        audienceLabel: invoice.invoiceNumber,
        parentName: null,
        recipients: 1,
        automatic: true,
      },
      {
        title: "Passports",
        audienceKind: "flight-trip",
        audienceLabel: "Washington",
        parentName: null,
        recipients: 1,
        automatic: false,
      },
      {
        title: "Bus departed",
        audienceKind: "trip",
        audienceLabel: "North Loop (bus 12)",
        parentName: null,
        recipients: 1,
        automatic: false,
      },
      {
        title: "To one",
        audienceKind: "parent",
        audienceLabel: null,
        parentName: "Sam South",
        recipients: 1,
        automatic: false,
      },
      {
        title: "To a route",
        audienceKind: "route",
        audienceLabel: "north loop",
        parentName: null,
        recipients: 1,
        automatic: false,
      },
      {
        title: "To all",
        audienceKind: "school",
        audienceLabel: null,
        parentName: null,
        recipients: 2,
        automatic: false,
      },
    ]);
    // The parent's name is not copied into the send: it is read from the account when listed.
    expect(JSON.stringify(await t.db.select().from(notificationSends))).not.toContain("Sam South");
  });

  it("shows the app's sends in the reader's language (title and the label it composed); a school's own words as typed", async () => {
    const north = await parentOnRoute("North Loop", "Nora North");
    const api = await callerFor(t, admin);
    await api.schoolAdmin.notifications.send(message({ kind: "school" }, { title: "To all" }));
    t.clock.advance(60_000);
    const [tripId] = (await api.schoolAdmin.trips.create({ trip: TRIP })).ids;
    await api.schoolAdmin.trips.setStatus({ tripId: tripId!, status: "in-progress" });
    t.clock.advance(60_000);
    const invoice = await seedInvoice(t.db, { schoolId: school.id, recipientId: north.id, dueDate: "2026-02-20" });
    await markOverdueInvoices(
      { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: t.deps.config.appUrl },
      t.clock.now(),
    );
    const shown = async (locale?: "es" | "ar") =>
      (await (await callerFor(t, admin, locale)).schoolAdmin.notifications.listSent({ page: 1 })).rows.map(
        ({ title, audienceLabel }) => [title, audienceLabel],
      );
    expect(await shown()).toEqual([
      ["Invoice overdue", invoice.invoiceNumber],
      ["Bus departed", "North Loop (bus 12)"],
      ["To all", null],
    ]);
    expect(await shown("es")).toEqual([
      ["Factura vencida", invoice.invoiceNumber],
      ["El autobús salió", "North Loop (autobús 12)"],
      ["To all", null],
    ]);
    expect(await shown("ar")).toEqual([
      ["فاتورة متأخرة السداد", invoice.invoiceNumber],
      ["غادرت الحافلة", "North Loop (الحافلة 12)"],
      ["To all", null],
    ]);
    // The search reads the English the send keeps, whatever the reader's language.
    const searched = await (await callerFor(t, admin, "es")).schoolAdmin.notifications.listSent({
      page: 1,
      search: "departed",
    });
    expect(searched.rows.map((row) => row.title)).toEqual(["El autobús salió"]);
  });

  it("a change nobody is told of records no send", async () => {
    const api = await callerFor(t, admin);
    const [tripId] = (await api.schoolAdmin.trips.create({ trip: { ...TRIP, routeName: "Empty Route" } })).ids;
    expect((await api.schoolAdmin.trips.setStatus({ tripId: tripId!, status: "in-progress" })).notified).toBe(true);
    expect((await api.schoolAdmin.notifications.listSent({ page: 1 })).rows).toEqual([]);
  });

  it(`is paginated (${NOTIFICATIONS_PAGE_SIZE} a page, newest first) and searchable by title, audience or the parent's name`, async () => {
    const dana = await parentOnRoute("Lakeside", "Dana Rivers");
    const api = await callerFor(t, admin);
    for (let i = 1; i <= NOTIFICATIONS_PAGE_SIZE + 3; i++) {
      await api.schoolAdmin.notifications.send(message({ kind: "school" }, { title: `Notice ${i}` }));
      t.clock.advance(60_000);
    }
    await api.schoolAdmin.notifications.send(
      message({ kind: "route", routeName: "Lakeside" }, { title: "Route news" }),
    );
    t.clock.advance(60_000);
    await api.schoolAdmin.notifications.send(message({ kind: "parent", parentId: dana.id }, { title: "Personal" }));
    const first = await api.schoolAdmin.notifications.listSent({ page: 1 });
    expect(first).toMatchObject({ total: NOTIFICATIONS_PAGE_SIZE + 5, page: 1, pages: 2, timeZone: "Europe/London" });
    expect(first.rows).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.rows.slice(0, 3).map((row) => row.title)).toEqual([
      "Personal",
      "Route news",
      `Notice ${NOTIFICATIONS_PAGE_SIZE + 3}`,
    ]);
    expect((await api.schoolAdmin.notifications.listSent({ page: 2 })).rows.map((row) => row.title)).toEqual([
      "Notice 5",
      "Notice 4",
      "Notice 3",
      "Notice 2",
      "Notice 1",
    ]);
    const titles = async (search: string) =>
      (await api.schoolAdmin.notifications.listSent({ page: 1, search })).rows.map((row) => row.title);
    expect(await titles("notice 2")).toEqual(["Notice 23", "Notice 22", "Notice 21", "Notice 20", "Notice 2"]);
    expect(await titles("LAKESIDE")).toEqual(["Route news"]);
    expect(await titles("rivers")).toEqual(["Personal"]);
    expect(await titles("100%")).toEqual([]);
  });

  it("shows only the school's own sends: another school's admin sees none, a parent cannot call it, bad input is refused", async () => {
    await parentOnRoute("North");
    await (await callerFor(t, admin)).schoolAdmin.notifications.send(message({ kind: "school" }));
    const otherSchool = await createSchool(t.db);
    const otherAdmin = await createUser(t.db, "school_admin", { schoolId: otherSchool.id });
    expect((await (await callerFor(t, otherAdmin)).schoolAdmin.notifications.listSent({ page: 1 })).rows).toEqual([]);
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const asParent = (await callerFor(t, parent)) as unknown as Awaited<ReturnType<typeof callerFor>>;
    expect((await failure(asParent.schoolAdmin.notifications.listSent({ page: 1 }))).code).toBe("FORBIDDEN");
    const api = await callerFor(t, admin);
    for (const input of [
      { page: 0 },
      { page: 1.5 },
      { page: 1, search: "x".repeat(500) },
      { page: 1, schoolId: otherSchool.id },
    ]) {
      expect((await failure(api.schoolAdmin.notifications.listSent(input as never))).code).toBe("BAD_REQUEST");
    }
  });

  it("is one request of at most 2 round trips (the session, then one batch)", async () => {
    await parentOnRoute("North");
    await (await callerFor(t, admin)).schoolAdmin.notifications.send(message({ kind: "school" }));
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    t.roundTrips!.reset();
    const response = await query(t.app, "schoolAdmin.notifications.listSent", { page: 1, search: "snow" }, { cookie });
    expect(response.status).toBe(200);
    expect((response.data as { rows: unknown[] }).rows).toHaveLength(1);
    expect(t.roundTrips!.count).toBeLessThanOrEqual(2);
    expect(t.roundTrips!.log.filter((line) => line.startsWith("batch"))).toHaveLength(1);
  });
});
