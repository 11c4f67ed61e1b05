import { i18n } from "@lingui/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { children, parents } from "#db/schema/index.ts";
import { csvCell, csvDocument } from "#shared/csv.ts";
import { tripsCsv } from "../../web/src/pages/school-admin/trips/trips-csv.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { pdfText } from "../support/invoice-documents.ts";

/**
 * docs/security.md LC1–LC3: who reads a family's home address and a stop's place. Canary values are
 * written, then every read of the other roles is searched for them: the school's admins, another
 * family of the school (a neighbour on the same route, and one with no ride), another school and the
 * super admin.
 */

let t: TestApp;
type Api = Awaited<ReturnType<typeof callerFor>>;
const api: Record<string, Api> = {};
const cookies: Record<string, string> = {};
let schoolId: string;
let otherSchoolId: string;
let routeId: string;
let adaId: string;

const ADDRESS = "17 Canary Lane, Springfield";
const STOP = { name: "Canary Corner", latitude: 41.771234, longitude: -88.151234 };
const NEIGHBOUR_STOP = { name: "Wren Court", latitude: 41.781111, longitude: -88.152222 };
const CHILD = { age: 9, grade: "4th Grade" as const, school: "Maple", emergencyContact: "Gran 555 0100" };

/** Does an answer (any shape) hold any of the canaries? */
const holds = (answer: unknown, canaries: readonly string[]) => {
  const text = JSON.stringify(answer);
  return canaries.filter((canary) => text.includes(canary));
};
const STOP_CANARIES = [STOP.name, String(STOP.latitude), String(STOP.longitude)];

beforeAll(async () => {
  // The browser's CSV headers are Lingui messages (ADR 0078): read in English, the source language.
  i18n.activate("en");
  t = await createTestApp();
  t.clock.set(new Date("2026-03-02T12:00:00Z")); // Monday
  schoolId = (await createSchool(t.db, { timeZone: "America/Chicago" })).id;
  otherSchoolId = (await createSchool(t.db, { timeZone: "America/Chicago" })).id;
  const users = {
    admin: await createUser(t.db, "school_admin", { schoolId }),
    family: await createUser(t.db, "parent", { schoolId, name: "Canary Family" }),
    neighbour: await createUser(t.db, "parent", { schoolId }),
    noRide: await createUser(t.db, "parent", { schoolId }),
    otherAdmin: await createUser(t.db, "school_admin", { schoolId: otherSchoolId }),
    otherParent: await createUser(t.db, "parent", { schoolId: otherSchoolId }),
    superAdmin: await createUser(t.db, "super_admin"),
  };
  for (const [name, user] of Object.entries(users)) {
    api[name] = await callerFor(t, user as never);
    cookies[name] = (await sessionCookieFor(t.db, t.deps.config, user, t.clock.now())).cookie;
  }
  await t.db.update(parents).set({ address: ADDRESS }).where(eq(parents.id, users.family.id));
  const child = async (name: string, parentId: string, school = schoolId) => {
    const [row] = await t.db
      .insert(children)
      .values({ ...CHILD, name, schoolId: school, parentId })
      .returning({ id: children.id });
    return row!.id;
  };
  adaId = await child("Ada Canary", users.family.id);
  const benId = await child("Ben Wren", users.neighbour.id);
  await child("Cy NoRide", users.noRide.id);
  await child("Dee Elsewhere", users.otherParent.id, otherSchoolId);
  routeId = (
    await api.admin!.schoolAdmin.routes.create({
      route: {
        name: "North loop",
        direction: "pickup",
        colour: "#1f77b4",
        busId: null,
        driverName: "Sam Driver",
        activeFrom: "2026-01-05",
        activeTo: null,
        weekdays: [1, 2, 3, 4, 5],
      },
    })
  ).id;
  const { stopIds } = await api.admin!.schoolAdmin.routes.stops.set({
    routeId,
    version: 0,
    stops: [
      { ...STOP, time: "07:30", distanceMeters: 0 },
      { ...NEIGHBOUR_STOP, time: "07:40", distanceMeters: 1200 },
      { name: "Maple Grove Primary", latitude: 41.79, longitude: -88.15, time: "08:00", distanceMeters: 3000 },
    ],
  });
  const assign = (childId: string, stopId: string) =>
    api.admin!.schoolAdmin.riders.assign({
      childId,
      stopId,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-02",
      toDate: null,
    });
  await assign(adaId, stopIds[0]!);
  await assign(benId, stopIds[1]!);
});
afterAll(() => t.close());

/** Every read a parent's screens make. */
const parentReads = (parent: Api) => ({
  overview: parent.parent.overview(),
  "rides.lookup": parent.parent.rides.lookup(),
  "children.list": parent.parent.children.list(),
  "children.routes": parent.parent.children.routes(),
  "notifications.list": parent.parent.notifications.list({ tab: "all" }),
  profile: parent.parent.account.profile(),
});

/** The answers of several reads, by name (a refusal fails the test: every read here is one the caller may make). */
async function answers(calls: Record<string, Promise<unknown>>) {
  const entries = await Promise.all(Object.entries(calls).map(async ([name, call]) => [name, await call] as const));
  return Object.fromEntries(entries);
}

const sheetText = async (cookie: string) => {
  const response = await t.app.request(`http://localhost:8787/api/routes/${routeId}/sheet.pdf?date=2026-03-02`, {
    headers: { cookie },
  });
  return response.status === 200
    ? (await pdfText(new Uint8Array(await response.arrayBuffer()))).join("\n")
    : response.status;
};

describe("home addresses and stop locations (LC1, LC2, LC3)", () => {
  it("LC1 a family's home address is in its own profile and data export only: the school's admins, another family and the super admin never read it", async () => {
    expect((await api.family!.parent.account.profile()).address).toBe(ADDRESS);
    expect(JSON.stringify(await api.family!.parent.account.exportData())).toContain(ADDRESS);
    const admin = api.admin!.schoolAdmin;
    const adminAnswers = await answers({
      "parents.list": admin.parents.list({ page: 1 }),
      "parents.list search": admin.parents.list({ page: 1, search: "canary" }),
      dashboard: admin.dashboard(),
      "routes.list": admin.routes.list({ page: 1 }),
      "routes.get": admin.routes.get({ routeId }),
      "riders.list": admin.riders.list({ routeId }),
      "riders.candidates": admin.riders.candidates({ search: "canary" }),
      "trips.list": admin.trips.list({ view: "week" }),
    });
    // The admin's screens do name the child and the stop: the canary checks reach real answers.
    expect(JSON.stringify(adminAnswers["routes.get"])).toContain("Ada Canary");
    expect(holds(adminAnswers, [ADDRESS])).toEqual([]);
    expect(await sheetText(cookies.admin!)).toContain("Ada Canary");
    expect(holds(await sheetText(cookies.admin!), [ADDRESS, "Canary Family"])).toEqual([]);
    for (const reader of ["neighbour", "noRide", "otherParent"])
      expect(holds(await answers(parentReads(api[reader]!)), [ADDRESS]), reader).toEqual([]);
    const superAdmin = api.superAdmin!.superAdmin.schools;
    expect(
      holds(
        await answers({
          list: superAdmin.list({ page: 1 }),
          details: superAdmin.details({ schoolId }),
          supportView: superAdmin.openSupportView({ schoolId }),
        }),
        [ADDRESS],
      ),
    ).toEqual([]);
  });

  it("LC2 a stop's name and coordinates reach the school's admins and the family with a child at it only: a neighbour on the same route, a family with no ride and another school read none of it, nor the child", async () => {
    const own = await answers({
      "rides.lookup": api.family!.parent.rides.lookup(),
      overview: api.family!.parent.overview(),
    });
    expect(holds(own, STOP_CANARIES)).toEqual(STOP_CANARIES);
    expect(holds(await answers({ get: api.admin!.schoolAdmin.routes.get({ routeId }) }), STOP_CANARIES)).toEqual(
      STOP_CANARIES,
    );
    for (const reader of ["neighbour", "noRide", "otherParent"]) {
      const read = await answers(parentReads(api[reader]!));
      expect(holds(read, [...STOP_CANARIES, "Ada Canary"]), reader).toEqual([]);
    }
    // The neighbour sees their own stop on the same route, and nobody else's.
    expect(JSON.stringify(await api.neighbour!.parent.rides.lookup())).toContain(NEIGHBOUR_STOP.name);
    const other = api.otherAdmin!.schoolAdmin;
    expect(await failure(other.routes.get({ routeId }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await failure(other.riders.list({ routeId }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await failure(other.routes.suggestOrder({ routeId }))).toMatchObject({ code: "NOT_FOUND" });
    expect(
      holds(
        await answers({
          "routes.list": other.routes.list({ page: 1 }),
          "riders.candidates": other.riders.candidates({ search: "canary" }),
          "trips.list": other.trips.list({ view: "week" }),
        }),
        [...STOP_CANARIES, "Ada Canary", "North loop"],
      ),
    ).toEqual([]);
    // A parent cannot mark another family's child not riding: not found, as an unknown id.
    expect(
      await failure(api.neighbour!.parent.rides.notRiding.set({ childId: adaId, from: "2026-03-03" })),
    ).toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("LC3 the route sheet is the school's admins' only: a parent of a rider, another school's admin and the super admin get 404, anonymous 401", async () => {
    expect(await sheetText(cookies.admin!)).toContain(STOP.name);
    for (const reader of ["family", "neighbour", "otherAdmin", "superAdmin"])
      expect(await sheetText(cookies[reader]!), reader).toBe(404);
    expect(await sheetText("")).toBe(401);
  });

  it("LC3 every CSV the app writes neutralises formulas: a cell starting with = + - @ tab or CR is prefixed, quotes doubled, line breaks kept inside quotes", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${lead}1+1`)).toBe(`"'${lead}1+1"`);
    expect(csvCell('say "hi"\nthere')).toBe(`"say ""hi""\nthere"`);
    expect(csvCell(null)).toBe(`""`);
    expect(csvDocument(["a"], [["=cmd"]])).toBe(`"a"\r\n"'=cmd"\r\n`);
    // The trips export (the school admin's Trips page) goes through it: a route named as a formula stays text.
    const csv = tripsCsv(
      [
        {
          id: "t1",
          routeName: '=HYPERLINK("http://evil")',
          routeType: "pickup",
          busNumber: "@12",
          driverName: "+Sam",
          departureTime: new Date("2026-03-02T13:30:00Z"),
          arrivalTime: new Date("2026-03-02T14:00:00Z"),
          studentsCount: 3,
          stops: 2,
          status: "scheduled",
        } as never,
      ],
      "America/Chicago",
    );
    expect(csv.split("\r\n")[1]).toBe(
      `"2026-03-02","'=HYPERLINK(""http://evil"")","Pickup","'@12","'+Sam","7:30 AM","8:00 AM","3","2","Scheduled"`,
    );
  });
});
