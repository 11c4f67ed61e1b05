/**
 * Live tracking and guardians (ADR 0053, 0055): a child shared by two households is watched and
 * reported to both guardians; a pupil whose guardians have not joined yet still rides (the driver
 * and the school see them), and nobody else is told.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childGuardians, children, notifications, trips } from "#db/schema/index.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let runId: string;
let stopIds: string[];

const CHILD = { age: 9, grade: "4th Grade" as const, school: "Maple", emergencyContact: "Gran 555 0100" };
// Monday 2 March 2026, 07:00 in Chicago: the stops are at 07:10 and 07:20.
const START = new Date("2026-03-02T13:00:00Z");
const BASE = "http://localhost:8787/api/live/runs";

const watch = (cookie: string) => t.app.request(`${BASE}/${runId}`, { headers: { cookie } });
const titlesOf = async (parentId: string) =>
  (await t.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.recipientId, parentId)))
    .map((row) => row.title)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  const school = await createSchool(t.db, { name: "Maple Grove Primary", timeZone: "America/Chicago" });
  const users = {
    admin: await createUser(t.db, "school_admin", { schoolId: school.id }),
    driver: await createUser(t.db, "driver", { schoolId: school.id }),
    owner: await createUser(t.db, "parent", { schoolId: school.id, name: "Dana Rivers" }),
    guardian: await createUser(t.db, "parent", { schoolId: school.id, name: "Sam Rivers" }),
    stranger: await createUser(t.db, "parent", { schoolId: school.id, name: "Kim Other" }),
  };
  for (const [name, user] of Object.entries(users)) {
    ids[name] = user.id;
    cookies[name] = (await sessionCookieFor(t.db, t.deps.config, user, t.clock.now())).cookie;
  }
  const admin = await callerFor(t, users.admin as never);
  const bus = await admin.schoolAdmin.buses.create({ bus: { number: "12", seats: 40, plate: null } });
  const { id: routeId } = await admin.schoolAdmin.routes.create({
    route: {
      name: "North loop",
      direction: "pickup",
      colour: "#1f77b4",
      busId: bus.id,
      driverName: "Sam Driver",
      activeFrom: "2026-01-05",
      activeTo: null,
      weekdays: [1, 2, 3, 4, 5],
    },
  });
  stopIds = (
    await admin.schoolAdmin.routes.stops.set({
      routeId,
      version: 0,
      stops: [
        { name: "Oak & 5th", latitude: 41.77, longitude: -88.15, time: "07:10", distanceMeters: 0 },
        { name: "Library", latitude: 41.78, longitude: -88.15, time: "07:20", distanceMeters: 1100 },
      ],
    })
  ).stopIds;
  // Ada: owned by one household, shared with a second guardian. Pip: imported, no guardian has joined.
  const [ada] = await t.db
    .insert(children)
    .values({ ...CHILD, name: "Ada Rivers", schoolId: school.id, parentId: users.owner.id })
    .returning({ id: children.id });
  const [pip] = await t.db
    .insert(children)
    .values({ ...CHILD, name: "Pip Newcomer", schoolId: school.id, parentId: null })
    .returning({ id: children.id });
  ids.ada = ada!.id;
  ids.pip = pip!.id;
  await t.db.insert(childGuardians).values({
    id: crypto.randomUUID(),
    childId: ids.ada,
    parentId: users.guardian.id,
    schoolId: school.id,
    role: "guardian",
    createdAt: START,
  });
  for (const [childId, stopId] of [
    [ids.ada, stopIds[0]!],
    [ids.pip, stopIds[1]!],
  ] as const)
    await admin.schoolAdmin.riders.assign({
      childId,
      stopId,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-02",
      toDate: null,
    });
  const [run] = await t.db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.routeId, routeId), eq(trips.serviceDate, "2026-03-02")));
  runId = run!.id;
  await t.db.update(trips).set({ driverId: users.driver.id }).where(eq(trips.id, runId));
});
afterAll(() => t.close());

describe("a shared child on a live run (ADR 0053)", () => {
  it("both guardians are told the bus departed and that the child boarded, and both may watch; nobody else", async () => {
    const driver = await callerFor(t, { id: ids.driver!, role: "driver" } as never);
    await driver.driver.live.startRun({ runId, busId: null });
    const response = await t.app.request(`${BASE}/${runId}/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookies.driver! },
      body: JSON.stringify({
        items: [
          {
            kind: "tap",
            clientId: "tap-1",
            at: START.getTime(),
            childId: ids.ada,
            stopId: stopIds[0],
            status: "boarded",
            latitude: 41.77,
            longitude: -88.15,
          },
        ],
      }),
    });
    expect(response.status).toBe(200);
    for (const parent of [ids.owner!, ids.guardian!])
      expect(await titlesOf(parent)).toEqual(["Ada Rivers boarded", "Bus departed"]);
    expect(await titlesOf(ids.stranger!)).toEqual([]);
    expect((await watch(cookies.owner!)).status).toBe(200);
    expect((await watch(cookies.guardian!)).status).toBe(200);
    expect((await watch(cookies.stranger!)).status).toBe(404);
  });

  it("a pupil whose guardians have not joined yet is on the school's view of the run, and the guardian sees only their own", async () => {
    const riders = async (cookie: string) =>
      ((await (await watch(cookie)).json()) as { run: { riders: { name: string }[] } }).run.riders.map(
        (rider) => rider.name,
      );
    expect(await riders(cookies.admin!)).toEqual(["Ada Rivers", "Pip Newcomer"]);
    expect(await riders(cookies.guardian!)).toEqual(["Ada Rivers"]);
  });
});
