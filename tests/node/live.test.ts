/**
 * Live tracking's engine (ADR 0055) on the Node entry's hub: a driver starts their run, batches of
 * positions and taps are stored once and in order, arrivals, attendance and notices follow, each
 * notice once (replays, a restarted hub); who may post and watch (LO1, LO2), the parent's view,
 * the polling fallback, a real WebSocket watcher, and the 30-day purge (LO3); a pickup reaching the
 * school drops its riders on board; the admin's Departed, Arrived and cancel on a live run.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import {
  attendance,
  auditLogs,
  buses,
  children,
  cronRuns,
  liveNotices,
  notifications,
  notRiding,
  runPositions,
  runStopVisits,
  trips,
} from "#db/schema/index.ts";
import { overLine } from "#shared/live-texts.ts";
import { positionRetentionJob, runScheduled } from "#worker/cron/scheduled.ts";
import { i18nFor } from "#worker/i18n/texts.ts";
import { createNodeLiveHub } from "#worker/local/live-hub.ts";
import { loadRunState } from "#worker/services/live/run-state.ts";
import { attendanceText } from "#worker/services/live/texts.ts";
import { viewFor } from "#worker/services/live/view.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, DAY, MINUTE, type TestApp } from "../support/harness.ts";

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let stopIds: string[] = [];
let otherStopIds: string[] = [];
let runId: string;
let otherRunId: string;

const CHILD = { age: 9, grade: "4th Grade" as const, school: "Maple", emergencyContact: "Gran 555 0100" };
// Monday 2 March 2026, 07:00 in Chicago (UTC−6): the run's stops are at 07:10, 07:20 and 07:30.
const START = new Date("2026-03-02T13:00:00Z");
const STOPS = [
  { name: "Oak & 5th", latitude: 41.77, longitude: -88.15, time: "07:10", distanceMeters: 0 },
  { name: "Library", latitude: 41.78, longitude: -88.15, time: "07:20", distanceMeters: 1100 },
  { name: "Maple Grove Primary", latitude: 41.79, longitude: -88.15, time: "07:30", distanceMeters: 2200 },
];

const BASE = "http://localhost:8787/api/live/runs";
/**
 * The driver's batch. An accepted one's answer shows the run as the database now holds it: the state
 * the hub fans out is derived from the one read before the write, never read again (ADR 0064).
 */
const post = async (run: string, items: unknown[], cookie = cookies.driver) => {
  const response = await t.app.request(`${BASE}/${run}/batch`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ items }),
  });
  if (response.status === 200) {
    const answer = (await response.clone().json()) as { run: unknown };
    const stored = await loadRunState(t.db, run);
    const view = viewFor(stored!, { kind: "driver", driverId: ids.driver! }, t.clock.now());
    expect(answer.run).toEqual(JSON.parse(JSON.stringify(view)));
  }
  return response;
};
const snapshot = (run: string, cookie?: string, since?: string) =>
  t.app.request(`${BASE}/${run}${since ? `?since=${encodeURIComponent(since)}` : ""}`, {
    headers: cookie ? { cookie } : {},
  });

let counter = 0;
/** A position `metres` north of the first stop, measured at the clock's now. */
function position(metres: number, at = t.clock.now().getTime(), clientId = `p${++counter}`) {
  return {
    kind: "position",
    clientId,
    at,
    latitude: 41.77 + metres / 111_195,
    longitude: -88.15,
    accuracy: 10,
    speed: 8,
    heading: 0,
  };
}
function tap(childId: string, stop: number, status: string, clientId = `t${++counter}`) {
  return {
    kind: "tap",
    clientId,
    at: t.clock.now().getTime(),
    childId,
    stopId: stopIds[stop]!,
    status,
    latitude: STOPS[stop]!.latitude,
    longitude: STOPS[stop]!.longitude,
  };
}

const noticesOf = (parentId: string) =>
  t.db
    .select({ title: notifications.title, message: notifications.message, category: notifications.category })
    .from(notifications)
    .where(eq(notifications.recipientId, parentId));

async function child(name: string, parentId: string) {
  const [row] = await t.db
    .insert(children)
    .values({ ...CHILD, name, schoolId: ids.school!, parentId })
    .returning({ id: children.id });
  return row!.id;
}

/** The app on a real HTTP server with the Node entry's WebSocket upgrade, and a watcher opener. */
async function liveServer() {
  const wss = new WebSocketServer({ noServer: true });
  const server = serve({ fetch: t.app.fetch, port: 0, websocket: { server: wss } });
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  const open = (cookie: string, origin = `http://localhost:${port}`) => {
    const socket = new WebSocket(`ws://localhost:${port}/api/live/runs/${runId}/socket`, {
      headers: { cookie, origin },
    });
    const messages: { run: { position: { latitude: number } | null } }[] = [];
    socket.on("message", (data) => messages.push(JSON.parse(String(data))));
    const status = new Promise<number>((resolve) => {
      socket.once("open", () => resolve(101));
      socket.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    });
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    return { socket, messages, status, closed };
  };
  return { open, close: () => new Promise((resolve) => server.close(resolve)) };
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  const school = await createSchool(t.db, { name: "Maple Grove Primary", timeZone: "America/Chicago" });
  ids.school = school.id;
  const otherSchool = await createSchool(t.db, { timeZone: "America/Chicago" });
  const users = {
    admin: await createUser(t.db, "school_admin", { schoolId: school.id }),
    driver: await createUser(t.db, "driver", { schoolId: school.id, name: "Sam Driver" }),
    otherDriver: await createUser(t.db, "driver", { schoolId: school.id }),
    parentA: await createUser(t.db, "parent", { schoolId: school.id, name: "Dana Rivers" }),
    parentB: await createUser(t.db, "parent", { schoolId: school.id, name: "Lee Chen" }),
    parentC: await createUser(t.db, "parent", { schoolId: school.id, name: "Kim Other" }),
    otherAdmin: await createUser(t.db, "school_admin", { schoolId: otherSchool.id }),
    otherParent: await createUser(t.db, "parent", { schoolId: otherSchool.id }),
  };
  for (const [name, user] of Object.entries(users)) {
    ids[name] = user.id;
    cookies[name] = (await sessionCookieFor(t.db, t.deps.config, user, t.clock.now())).cookie;
  }
  const admin = await callerFor(t, users.admin as never);
  const bus = await admin.schoolAdmin.buses.create({ bus: { number: "12", seats: 40, plate: null } });
  const route = (name: string) =>
    admin.schoolAdmin.routes.create({
      route: {
        name,
        direction: "pickup",
        colour: "#1f77b4",
        busId: bus.id,
        driverName: "Sam Driver",
        activeFrom: "2026-01-05",
        activeTo: null,
        weekdays: [1, 2, 3, 4, 5],
      },
    });
  const routeId = (await route("North loop")).id;
  stopIds = (await admin.schoolAdmin.routes.stops.set({ routeId, version: 0, stops: STOPS })).stopIds;
  const otherRouteId = (await route("South loop")).id;
  const otherStops = (await admin.schoolAdmin.routes.stops.set({ routeId: otherRouteId, version: 0, stops: STOPS }))
    .stopIds;
  ids.ada = await child("Ada Rivers", users.parentA.id);
  ids.ben = await child("Ben Chen", users.parentB.id);
  ids.cy = await child("Cy Other", users.parentC.id);
  const assign = (childId: string, stopId: string) =>
    admin.schoolAdmin.riders.assign({
      childId,
      stopId,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-02",
      toDate: null,
    });
  await assign(ids.ada, stopIds[0]!);
  await assign(ids.ben, stopIds[1]!);
  otherStopIds = otherStops;
  await assign(ids.cy, otherStops[0]!); // another family, on another run
  const runOf = async (id: string) =>
    (
      await t.db
        .select({ id: trips.id })
        .from(trips)
        .where(and(eq(trips.routeId, id), eq(trips.serviceDate, "2026-03-02")))
    )[0]!.id;
  runId = await runOf(routeId);
  otherRunId = await runOf(otherRouteId);
  await t.db.update(trips).set({ driverId: users.driver.id }).where(eq(trips.id, runId));
  await t.db.update(trips).set({ driverId: users.otherDriver.id }).where(eq(trips.id, otherRunId));
});
afterAll(() => t.close());

describe("a run, from start to end", () => {
  it("LO1 a driver posts only for their own open run: not before the start, never another driver's, no other role", async () => {
    expect((await post(runId, [position(0)])).status).toBe(409); // not started
    expect((await post(otherRunId, [position(0)])).status).toBe(404); // another driver's
    expect((await post(runId, [position(0)], cookies.parentA)).status).toBe(404);
    expect((await post(runId, [position(0)], cookies.admin)).status).toBe(404);
    expect((await post(runId, [position(0)], "")).status).toBe(401);
    expect(await t.db.select().from(runPositions)).toHaveLength(0);
  });

  it("LO2 a parent watches only today's run their child rides, without a position before the start; not another day's, not a day the child is not riding", async () => {
    type View = { run: { startedAt: string | null; position: unknown } };
    // A position stored before the start (none can be sent then: LO1) is still not shown to a parent.
    await t.db.insert(runPositions).values({
      runId,
      schoolId: ids.school!,
      driverId: ids.driver!,
      clientId: "before-start",
      deviceAt: t.clock.now(),
      receivedAt: t.clock.now(),
      latitude: 41.77,
      longitude: -88.15,
      accuracy: 10,
    });
    await t.deps.live!.changed(runId);
    const before = await snapshot(runId, cookies.parentA);
    expect(before.status).toBe(200);
    expect(((await before.json()) as View).run).toMatchObject({ startedAt: null, position: null });
    await t.db.delete(runPositions).where(eq(runPositions.runId, runId));
    await t.deps.live!.changed(runId);
    // Tomorrow's run of the same route, which Ada also rides: not today, so not watched.
    const [route] = await t.db.select({ routeId: trips.routeId }).from(trips).where(eq(trips.id, runId));
    const [tomorrow] = await t.db
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.routeId, route!.routeId!), eq(trips.serviceDate, "2026-03-03")));
    expect((await snapshot(tomorrow!.id, cookies.parentA)).status).toBe(404);
    // Ada marked not riding today (the school's note; past the parent's cut-off): her parent may not
    // watch today's run; riding again, they may.
    await t.db.insert(notRiding).values({
      id: "lo2-not-riding",
      schoolId: ids.school!,
      childId: ids.ada!,
      date: "2026-03-02",
      createdBy: ids.admin!,
      createdAt: t.clock.now(),
    });
    await t.deps.live!.changed(runId);
    expect((await snapshot(runId, cookies.parentA)).status).toBe(404);
    await t.db.delete(notRiding).where(eq(notRiding.id, "lo2-not-riding"));
    await t.deps.live!.changed(runId);
    expect((await snapshot(runId, cookies.parentA)).status).toBe(200);
  });

  it("the driver starts today's run: Departed, and its parents are told once", async () => {
    const driver = await callerFor(t, { id: ids.driver!, role: "driver" } as never);
    const other = await callerFor(t, { id: ids.otherDriver!, role: "driver" } as never);
    expect((await failure(other.driver.live.startRun({ runId, busId: null }))).code).toBe("NOT_FOUND");
    const started = await driver.driver.live.startRun({ runId, busId: null });
    expect(started.busNumber).toBe("12");
    expect((await failure(driver.driver.live.startRun({ runId, busId: null }))).code).toBe("CONFLICT");
    const [run] = await t.db.select().from(trips).where(eq(trips.id, runId));
    expect(run!.status).toBe("in-progress");
    expect(run!.startedAt).toEqual(START);
    for (const parent of [ids.parentA!, ids.parentB!])
      expect((await noticesOf(parent)).filter((n) => n.title === "Bus departed")).toHaveLength(1);
    // When the bus left (the driver's Start, 07:00), not the timetable's first stop (07:10).
    expect((await noticesOf(ids.parentA!)).find((n) => n.title === "Bus departed")?.message).toBe(
      "North loop (bus 12) has departed (Mon, Mar 2 at 7:00 AM).",
    );
    expect(await noticesOf(ids.parentC!)).toEqual([]);
  });

  it("positions make arrivals, a tap records attendance and tells the child's parent; a replay changes nothing", async () => {
    const at = (minutes: number) => START.getTime() + minutes * MINUTE;
    t.clock.set(new Date(at(10))); // 07:10
    const items = [position(-300, at(9)), position(-150, at(9.5)), position(0, at(10)), tap(ids.ada!, 0, "boarded")];
    const first = await post(runId, items);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as {
      acknowledged: string[];
      refused: unknown[];
      run: { stops: { arrivedAt: string | null }[] };
    };
    expect(answer.acknowledged).toEqual(items.map((item) => item.clientId));
    expect(answer.refused).toEqual([]);
    expect(answer.run.stops[0]!.arrivedAt).not.toBeNull();
    const [row] = await t.db.select().from(attendance).where(eq(attendance.childId, ids.ada!));
    expect(row).toMatchObject({ status: "boarded", stopId: stopIds[0] });
    const boarded = (await noticesOf(ids.parentA!)).filter((n) => n.category === "attendance");
    expect(boarded).toEqual([
      { title: "Ada Rivers boarded", message: "Ada Rivers boarded at Oak & 5th at 7:10 AM.", category: "attendance" },
    ]);
    // The batch came within 5 minutes of Oak & 5th and reached it: Ada's parent, at the stop the bus
    // stands at, is not told it is approaching.
    expect((await noticesOf(ids.parentA!)).filter((n) => n.title === "Bus approaching")).toEqual([]);
    const counts = async () => ({
      positions: (await t.db.select().from(runPositions)).length,
      visits: (await t.db.select().from(runStopVisits)).length,
      notifications: (await t.db.select().from(notifications)).length,
      keys: (await t.db.select().from(liveNotices)).length,
    });
    const before = await counts();
    expect(before.positions).toBe(3);
    const replay = await post(runId, items);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { acknowledged: string[] }).acknowledged).toEqual(items.map((i) => i.clientId));
    expect(await counts()).toEqual(before);
  });

  it("an implausible sample is refused with its reason and acknowledged (the phone drops it)", async () => {
    const jump = { ...position(50_000), clientId: "jump-1" };
    const answer = (await (await post(runId, [jump])).json()) as { acknowledged: string[]; refused: unknown[] };
    expect(answer.acknowledged).toEqual(["jump-1"]);
    expect(answer.refused).toEqual([{ clientId: "jump-1", reason: "speed" }]);
    const wrongChild = tap(ids.cy!, 0, "boarded", "tap-foreign");
    const refused = (await (await post(runId, [wrongChild])).json()) as { refused: unknown[] };
    expect(refused.refused).toEqual([{ clientId: "tap-foreign", reason: "child" }]);
    // A pickup run takes Boarded and Absent; Dropped is the drop-off's.
    const dropped = tap(ids.ada!, 0, "dropped", "tap-dropped");
    const wrongStatus = (await (await post(runId, [dropped])).json()) as { refused: unknown[] };
    expect(wrongStatus.refused).toEqual([{ clientId: "tap-dropped", reason: "status" }]);
  });

  it("a batch is bounded and JSON: 501 items or a malformed item 400, a body over its limit 413, a form 415", async () => {
    const many = Array.from({ length: 501 }, (_, i) => position(0, t.clock.now().getTime(), `many-${i}`));
    expect((await post(runId, many)).status).toBe(400);
    expect((await post(runId, [{ ...position(0), extra: 1 }])).status).toBe(400);
    expect((await post(runId, [{ ...position(0), clientId: "no spaces" }])).status).toBe(400);
    const huge = await t.app.request(`${BASE}/${runId}/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookies.driver! },
      body: JSON.stringify({ items: [], pad: "x".repeat(300 * 1024) }),
    });
    expect(huge.status).toBe(413);
    const form = await t.app.request(`${BASE}/${runId}/batch`, {
      method: "POST",
      headers: { "content-type": "text/plain", cookie: cookies.driver! },
      body: "{}",
    });
    expect(form.status).toBe(415);
    expect(await t.db.select().from(runPositions).where(like(runPositions.clientId, "many-%"))).toEqual([]);
  });

  it("the parent waiting at the next stop is told once, as many minutes ahead as they chose", async () => {
    const approach = async () => (await noticesOf(ids.parentB!)).filter((notice) => notice.title === "Bus approaching");
    const parent = await callerFor(t, { id: ids.parentB!, role: "parent" } as never);
    const chosen = await parent.parent.preferences.get();
    expect(chosen.approachMinutes).toBe(5);
    await parent.parent.preferences.set({ ...chosen, approachMinutes: 10 });
    expect((await parent.parent.preferences.get()).approachMinutes).toBe(10);
    // 07:12, just past the first stop: about 8 minutes from the Library, within Lee's 10.
    t.clock.set(new Date(START.getTime() + 12 * MINUTE));
    await post(runId, [position(150)]);
    expect(await approach()).toHaveLength(1);
    expect((await approach())[0]!.message).toMatch(/^North loop \(bus 12\) is .* from Library\.$/);
    // 07:16, halfway: still once.
    t.clock.set(new Date(START.getTime() + 16 * MINUTE));
    await post(runId, [position(600)]);
    t.clock.advance(5_000);
    await post(runId, [position(640)]);
    expect(await approach()).toHaveLength(1);
  });

  it("5 minutes of positions and taps queued offline arrive once, in order, however often they are sent", async () => {
    // 07:17 to 07:22: a position every 5 s from 650 m to the Library (1,100 m) and on, and Ben's tap.
    const queued: ReturnType<typeof position | typeof tap>[] = [];
    const t0 = START.getTime() + 17 * MINUTE;
    for (let i = 0; i < 60; i++) {
      t.clock.set(new Date(t0 + i * 5000));
      queued.push(position(Math.min(1100, 650 + i * 12) + (i > 45 ? (i - 45) * 8 : 0)));
      if (i === 40) queued.push(tap(ids.ben!, 1, "boarded"));
    }
    t.clock.set(new Date(t0 + 5 * MINUTE));
    // The phone sends in batches, the second twice (a lost answer), then everything again.
    const [a, b, c] = [queued.slice(0, 20), queued.slice(20, 45), queued.slice(45)];
    for (const batch of [a, b, b, c, queued]) expect((await post(runId, batch)).status).toBe(200);
    const stored = await t.db
      .select({ clientId: runPositions.clientId, at: runPositions.deviceAt })
      .from(runPositions)
      .where(like(runPositions.clientId, "p%"))
      .orderBy(runPositions.deviceAt);
    const sent = queued.filter((item) => item.kind === "position").map((item) => item.clientId);
    expect(stored.map((row) => row.clientId).slice(-60)).toEqual(sent);
    expect(new Set(stored.map((row) => row.clientId)).size).toBe(stored.length);
    const [ben] = await t.db.select().from(attendance).where(eq(attendance.childId, ids.ben!));
    expect(ben).toMatchObject({ status: "boarded", stopId: stopIds[1] });
    expect((await noticesOf(ids.parentB!)).filter((n) => n.category === "attendance")).toHaveLength(1);
    const [library] = await t.db
      .select()
      .from(runStopVisits)
      .where(and(eq(runStopVisits.runId, runId), eq(runStopVisits.stopId, stopIds[1]!)));
    expect(library?.arrivedAt).toBeInstanceOf(Date);
  });

  it("a hub restarted mid-run loses nothing and repeats no notice", async () => {
    const before = (await t.db.select().from(notifications)).length;
    const restarted = createNodeLiveHub(() => t.deps);
    const old = t.deps.live;
    t.deps.live = restarted;
    try {
      const view = (await (await snapshot(runId, cookies.admin)).json()) as {
        run: { riders: { attendance: unknown }[] };
      };
      expect(view.run.riders.filter((rider) => rider.attendance !== null)).toHaveLength(2);
      // The phone replays its last batch after the restart, and carries on.
      t.clock.advance(5_000);
      const again = [tap(ids.ada!, 0, "boarded", "t-replayed"), position(1200)];
      expect((await post(runId, again)).status).toBe(200);
      const kinds = (await t.db.select({ title: notifications.title }).from(notifications)).slice(before);
      expect(kinds.filter((n) => /boarded|departed|approaching/i.test(n.title))).toEqual([]);
    } finally {
      restarted.close();
      t.deps.live = old;
    }
  });

  it("a run more than 10 minutes late tells its parents once", async () => {
    // 07:45, still short of the school (due 07:30): 15 minutes late.
    t.clock.set(new Date(START.getTime() + 45 * MINUTE));
    await post(runId, [position(1500)]);
    t.clock.advance(5_000);
    await post(runId, [position(1520)]);
    for (const parent of [ids.parentA!, ids.parentB!])
      expect((await noticesOf(parent)).filter((n) => n.title === "Bus running late")).toHaveLength(1);
    const [run] = await t.db.select().from(trips).where(eq(trips.id, runId));
    expect(run!.delaySeconds).toBeGreaterThan(600);
  });
});

describe("who may watch (LO2)", () => {
  type Snapshot = {
    unchanged: boolean;
    cursor: string;
    run?: { stops: { id: string }[]; riders: { childId: string; name: string }[] };
  };
  it("LO2 a parent sees the bus, their own child and stop only; another family's run, another school and a driver's foreign run are 404", async () => {
    const view = (await (await snapshot(runId, cookies.parentB)).json()) as Snapshot;
    expect(view.run!.stops.map((stop) => stop.id)).toEqual([stopIds[1]]);
    expect(view.run!.riders.map((rider) => rider.name)).toEqual(["Ben Chen"]);
    expect(JSON.stringify(view)).not.toContain("Ada");
    expect(JSON.stringify(view)).not.toContain("Oak & 5th");
    const admin = (await (await snapshot(runId, cookies.admin)).json()) as Snapshot;
    expect(admin.run!.stops).toHaveLength(3);
    expect((await snapshot(runId, cookies.parentC)).status).toBe(404); // rides another run
    expect((await snapshot(runId, cookies.otherParent)).status).toBe(404);
    expect((await snapshot(runId, cookies.otherAdmin)).status).toBe(404);
    expect((await snapshot(runId, cookies.otherDriver)).status).toBe(404);
    expect((await snapshot(runId)).status).toBe(401);
    expect((await snapshot("no-such-run", cookies.admin)).status).toBe(404);
    // LG1: the denial is audited like a procedure's (path and code, not the run).
    const denials = await t.db
      .select({ metadata: auditLogs.metadata })
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, "authorization_denied"), eq(auditLogs.userId, ids.otherParent!)));
    expect(denials.map((row) => row.metadata)).toEqual([{ path: "live.snapshot", code: "NOT_FOUND" }]);
  });

  it("a run id no run can have (over 64 characters) is 404 before the session or the hub is asked", async () => {
    const junk = "r".repeat(65);
    const batch = await post(junk, [position(0)]);
    expect(batch.status).toBe(404);
    expect(await batch.json()).toEqual({ error: "Run not found" });
    expect((await snapshot(junk, cookies.admin)).status).toBe(404);
    const socket = await t.app.request(`${BASE}/${junk}/socket`, {
      headers: { cookie: cookies.admin!, upgrade: "websocket" },
    });
    expect(socket.status).toBe(404);
  });

  it("the polling fallback answers unchanged for the cursor the client has", async () => {
    const first = (await (await snapshot(runId, cookies.parentA)).json()) as Snapshot;
    const again = (await (await snapshot(runId, cookies.parentA, first.cursor)).json()) as Snapshot;
    expect(again).toEqual({ unchanged: true, cursor: first.cursor });
  });

  it("a WebSocket watcher gets the run at once and each new position; a foreign origin or family is refused", async () => {
    const { open, close } = await liveServer();
    try {
      const parent = open(cookies.parentA!);
      expect(await parent.status).toBe(101);
      await expect.poll(() => parent.messages.length).toBeGreaterThan(0);
      t.clock.advance(5_000);
      await post(runId, [position(1540)]);
      await expect.poll(() => parent.messages.length).toBeGreaterThan(1);
      expect(parent.messages.at(-1)!.run.position!.latitude).toBeCloseTo(41.77 + 1540 / 111_195, 6);
      parent.socket.close();
      expect(await open(cookies.parentA!, "https://evil.example").status).toBe(403);
      expect(await open(cookies.parentC!).status).toBe(404);
      expect(await open(cookies.otherAdmin!).status).toBe(404);
    } finally {
      await close();
    }
  });

  it("LO1 LO2 after the end the driver may post nothing; parents may watch for 15 minutes, then not", async () => {
    const { open, close } = await liveServer();
    const parent = open(cookies.parentA!);
    const driverSocket = open(cookies.driver!);
    expect([await parent.status, await driverSocket.status]).toEqual([101, 101]);
    const driver = await callerFor(t, { id: ids.driver!, role: "driver" } as never);
    await driver.driver.live.endRun({ runId });
    // The driver's socket closes with the run (LO1); the parent's stays for the 15 minutes.
    expect(await driverSocket.closed).toBe(4403);
    const [run] = await t.db.select().from(trips).where(eq(trips.id, runId));
    expect(run!.status).toBe("completed");
    expect((await post(runId, [position(1600)])).status).toBe(409);
    // Ended at 1,600 m, short of the school (2,200 m): nobody is said to be dropped there.
    const rows = await t.db.select({ status: attendance.status }).from(attendance).where(eq(attendance.runId, runId));
    expect(rows.map((row) => row.status)).toEqual(["boarded", "boarded"]);
    for (const parent of [ids.parentA!, ids.parentB!])
      expect((await noticesOf(parent)).filter((n) => /dropped/i.test(n.title))).toEqual([]);
    expect((await snapshot(runId, cookies.driver)).status).toBe(404);
    // Ended short of the school: the parent's view says when the run ended, not that the bus got there.
    const ended = (await (await snapshot(runId, cookies.parentA)).json()) as {
      run: { endedAt: string; finish: unknown; position: unknown };
    };
    expect(ended.run).toMatchObject({ endedAt: t.clock.now().toISOString(), finish: null });
    // The bus's last known position stays in the view (the map draws it as stale).
    expect(ended.run.position).not.toBeNull();
    t.clock.advance(15 * MINUTE);
    expect((await snapshot(runId, cookies.parentA)).status).toBe(200);
    t.clock.advance(1000);
    expect((await snapshot(runId, cookies.parentA)).status).toBe(404);
    expect((await snapshot(runId, cookies.admin)).status).toBe(200);
    // The hub's next look (its timer, or any change) closes the parent's socket.
    await t.deps.live!.changed(runId);
    expect(await parent.closed).toBe(4403);
    await close();
  });
});

describe("retention (LO3)", () => {
  it("LO3 positions received more than 30 days ago are purged by the hourly sweep", async () => {
    await t.db.delete(cronRuns);
    const now = t.clock.now();
    const row = (clientId: string, offsetMs: number) => ({
      runId,
      schoolId: ids.school!,
      driverId: ids.driver!,
      clientId,
      deviceAt: new Date(now.getTime() - 30 * DAY + offsetMs),
      receivedAt: new Date(now.getTime() - 30 * DAY + offsetMs),
      latitude: 41.77,
      longitude: -88.15,
      accuracy: 5,
    });
    await t.db.insert(runPositions).values([row("old-before", -1), row("old-at", 0), row("old-after", 1)]);
    const report = await runScheduled(
      { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: "", stripe: t.deps.stripe },
      now,
      [positionRetentionJob],
    );
    expect(report).toEqual({ "position-retention": { positions: 1 } });
    const left = (await t.db.select({ id: runPositions.clientId }).from(runPositions)).map((r) => r.id);
    expect(left).not.toContain("old-before");
    expect(left).toEqual(expect.arrayContaining(["old-at", "old-after"]));
  });
});

const en = i18nFor("en");

describe("what parents read", () => {
  it("once the run is over: when the bus reached its last stop, else when the run ended", () => {
    const zone = "America/Chicago";
    const arrivedAt = new Date("2026-03-02T14:14:00Z");
    const endedAt = new Date("2026-03-02T14:20:00Z");
    expect(overLine(en, { endedAt, finish: { stopName: "Maple Grove Primary", arrivedAt } }, zone)).toBe(
      "The bus reached Maple Grove Primary at 8:14 AM.",
    );
    // Another family's stop (a drop-off's last) is not named.
    expect(overLine(en, { endedAt: null, finish: { stopName: null, arrivedAt } }, zone)).toBe(
      "The bus reached its last stop at 8:14 AM.",
    );
    expect(overLine(en, { endedAt: endedAt.toISOString(), finish: null }, zone)).toBe("The run ended at 8:20 AM.");
    expect(overLine(en, { endedAt: null, finish: null }, zone)).toBe("This run is over.");
    // Another language: its own words, and the time as it writes it, on the school's clock.
    const spanish = overLine(i18nFor("es"), { endedAt, finish: { stopName: "Maple Grove Primary", arrivedAt } }, zone);
    expect(spanish).toContain("Maple Grove Primary");
    expect(spanish).toContain("8:14");
    expect(spanish).not.toContain("The bus reached");
  });

  it("boarded, dropped off and absent, with the stop and the time in the school's zone", () => {
    const at = new Date("2026-03-02T13:42:00Z");
    expect(attendanceText("Ada", "boarded", at, "Oak & 5th", "America/Chicago").message).toBe(
      "Ada boarded at Oak & 5th at 7:42 AM.",
    );
    expect(attendanceText("Ada", "dropped", at, "Maple Grove Primary", "America/Chicago").message).toBe(
      "Ada was dropped off at Maple Grove Primary at 7:42 AM.",
    );
    expect(attendanceText("Ada", "absent", at, "Oak & 5th", "America/Chicago")).toEqual({
      title: "Ada marked absent",
      message: "Ada was marked absent at Oak & 5th at 7:42 AM.",
      type: "warning",
    });
  });
});

describe("what parents find after the run", () => {
  it("LO4 My Children's history: each of the family's children's taps with the stop and run, never another family's", async () => {
    const parentA = await callerFor(t, { id: ids.parentA!, role: "parent" } as never);
    const parentC = await callerFor(t, { id: ids.parentC!, role: "parent" } as never);
    const mine = await parentA.parent.live.attendance();
    expect(Object.keys(mine.children)).toEqual([ids.ada]);
    expect(mine.timeZone).toBe("America/Chicago");
    expect(mine.children[ids.ada!]).toEqual([
      {
        runId,
        routeName: "North loop",
        direction: "pickup",
        serviceDate: "2026-03-02",
        boarding: expect.objectContaining({ status: "boarded", stopName: "Oak & 5th" }),
        drop: null,
      },
    ]);
    const theirs = await parentC.parent.live.attendance();
    expect(theirs.children).toEqual({ [ids.cy!]: [] });
  });

  it("a live notice in the inbox names its run (a tap on it opens the run live); other notices name none", async () => {
    const parentA = await callerFor(t, { id: ids.parentA!, role: "parent" } as never);
    const inbox = await parentA.parent.notifications.list({ tab: "all", page: 1 });
    const boarded = inbox.rows.find((item) => item.title === "Ada Rivers boarded");
    expect(boarded?.runId).toBe(runId);
    const departed = inbox.rows.find((item) => /departed/i.test(item.title));
    expect(departed?.runId).toBe(runId);
    // Every live notice links its run (ADR 0059): departed, late, each tap, and the approach.
    for (const title of ["Bus departed", "Bus running late", "Ada Rivers boarded"])
      expect(inbox.rows.find((item) => item.title === title)?.runId).toBe(runId);
    const parentB = await callerFor(t, { id: ids.parentB!, role: "parent" } as never);
    const inboxB = await parentB.parent.notifications.list({ tab: "all", page: 1 });
    expect(inboxB.rows.find((item) => item.title === "Bus approaching")?.runId).toBe(runId);
    const [other] = await t.db
      .insert(notifications)
      .values({
        schoolId: ids.school!,
        recipientRole: "parent",
        recipientId: ids.parentA!,
        batchId: crypto.randomUUID(),
        title: "School closed Friday",
        message: "Snow.",
      })
      .returning({ id: notifications.id });
    const again = await parentA.parent.notifications.list({ tab: "all", page: 1 });
    expect(again.rows.find((item) => item.id === other!.id)?.runId).toBeNull();
  });
});

describe("a pickup that reaches the school", () => {
  it("drops each child on board there once, beside the boarding: the rows, the parent's notice, view and history; replays and a restarted hub repeat nothing", async () => {
    // The South loop (the same stops), Cy at Oak & 5th. 08:10: Cy boards; 08:14 the bus is at the school.
    const t0 = START.getTime() + 70 * MINUTE;
    t.clock.set(new Date(t0));
    const driver = await callerFor(t, { id: ids.otherDriver!, role: "driver" } as never);
    await driver.driver.live.startRun({ runId: otherRunId, busId: null });
    const boarded = { ...tap(ids.cy!, 0, "boarded"), stopId: otherStopIds[0]! };
    const arrival = position(2200, t0 + 4 * MINUTE);
    const items = [
      position(0, t0),
      boarded,
      position(600, t0 + MINUTE),
      position(1200, t0 + 2 * MINUTE),
      position(1800, t0 + 3 * MINUTE),
      arrival,
    ];
    t.clock.set(new Date(t0 + 4 * MINUTE + 5_000));
    const answer = await post(otherRunId, items, cookies.otherDriver);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { refused: unknown[] }).refused).toEqual([]);

    const rows = () =>
      t.db.select().from(attendance).where(eq(attendance.runId, otherRunId)).orderBy(asc(attendance.at));
    // Both events: when and where Cy boarded stays beside when and where Cy was dropped.
    expect(await rows()).toEqual([
      expect.objectContaining({
        childId: ids.cy,
        phase: "board",
        status: "boarded",
        stopId: otherStopIds[0],
        at: new Date(t0),
        latitude: boarded.latitude,
        longitude: boarded.longitude,
        clientId: boarded.clientId,
      }),
      expect.objectContaining({
        childId: ids.cy,
        phase: "drop",
        status: "dropped",
        stopId: otherStopIds[2],
        at: new Date(t0 + 4 * MINUTE),
        latitude: arrival.latitude,
        longitude: arrival.longitude,
      }),
    ]);
    const [run] = await t.db.select({ status: trips.status }).from(trips).where(eq(trips.id, otherRunId));
    expect(run!.status).toBe("completed");
    const attendanceNotices = async () =>
      (await noticesOf(ids.parentC!)).filter((notice) => notice.category === "attendance");
    expect(await attendanceNotices()).toEqual([
      { title: "Cy Other boarded", message: "Cy Other boarded at Oak & 5th at 8:10 AM.", category: "attendance" },
      {
        title: "Cy Other dropped off",
        message: "Cy Other was dropped off at Maple Grove Primary at 8:14 AM.",
        category: "attendance",
      },
    ]);
    expect((await noticesOf(ids.parentA!)).filter((n) => /dropped/i.test(n.title))).toEqual([]);

    const counts = async () => ({
      rows: await rows(),
      notifications: (await t.db.select().from(notifications)).length,
      keys: (await t.db.select().from(liveNotices)).length,
    });
    const before = await counts();
    // The phone replays the batch (a lost answer), then a hub restarted mid-run gets it again and more.
    expect((await post(otherRunId, items, cookies.otherDriver)).status).toBe(200);
    const restarted = createNodeLiveHub(() => t.deps);
    const old = t.deps.live;
    t.deps.live = restarted;
    try {
      t.clock.advance(5_000);
      const more = [...items, position(2210), tap(ids.cy!, 0, "boarded", boarded.clientId)];
      expect((await post(otherRunId, more, cookies.otherDriver)).status).toBe(200);
    } finally {
      restarted.close();
      t.deps.live = old;
    }
    expect(await counts()).toEqual(before);

    // The parent's live view after the run, and the ride history: where and when Cy was dropped.
    await driver.driver.live.endRun({ runId: otherRunId });
    const view = (await (await snapshot(otherRunId, cookies.parentC)).json()) as {
      run: { riders: { attendance: unknown; boarding: unknown }[]; finish: unknown };
    };
    // The status card: the bus reached the school (the pickup's last stop), when it did.
    expect(view.run.finish).toEqual({
      stopName: "Maple Grove Primary",
      arrivedAt: new Date(t0 + 4 * MINUTE).toISOString(),
    });
    // LO2: the school is named as where Cy was dropped; no other family's stop is.
    expect(JSON.stringify(view)).not.toContain("Library");
    expect(view.run.riders[0]!.attendance).toEqual({
      status: "dropped",
      at: new Date(t0 + 4 * MINUTE).toISOString(),
      latitude: arrival.latitude,
      longitude: arrival.longitude,
      stopName: "Maple Grove Primary",
    });
    expect(view.run.riders[0]!.boarding).toEqual({
      status: "boarded",
      at: new Date(t0).toISOString(),
      latitude: boarded.latitude,
      longitude: boarded.longitude,
      stopName: "Oak & 5th",
    });
    const parentC = await callerFor(t, { id: ids.parentC!, role: "parent" } as never);
    expect((await parentC.parent.live.attendance()).children[ids.cy!]).toEqual([
      expect.objectContaining({
        runId: otherRunId,
        boarding: { status: "boarded", at: new Date(t0), stopName: "Oak & 5th" },
        drop: { status: "dropped", at: new Date(t0 + 4 * MINUTE), stopName: "Maple Grove Primary" },
      }),
    ]);
  });
});

describe("the school admin's status on a live run", () => {
  let homeRunId: string;
  let homeStops: string[];
  const statusOf = async (id: string) =>
    (await t.db.select({ status: trips.status }).from(trips).where(eq(trips.id, id)))[0]!.status;

  beforeAll(async () => {
    // A drop-off run this afternoon (it leaves from Oak & 5th; Ada gets off at the last stop).
    const admin = await callerFor(t, { id: ids.admin!, role: "school_admin" } as never);
    const { id: routeId } = await admin.schoolAdmin.routes.create({
      route: {
        name: "Home run",
        direction: "dropoff",
        colour: "#ff7f0e",
        busId: (await t.db.select({ id: buses.id }).from(buses).where(eq(buses.schoolId, ids.school!)))[0]!.id,
        driverName: "Sam Driver",
        activeFrom: "2026-01-05",
        activeTo: null,
        weekdays: [1, 2, 3, 4, 5],
      },
    });
    const afternoon = STOPS.map((stop, index) => ({ ...stop, time: `15:${10 + 10 * index}` }));
    homeStops = (await admin.schoolAdmin.routes.stops.set({ routeId, version: 0, stops: afternoon })).stopIds;
    await admin.schoolAdmin.riders.assign({
      childId: ids.ada!,
      stopId: homeStops[2]!,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-02",
      toDate: null,
    });
    homeRunId = (
      await t.db
        .select({ id: trips.id })
        .from(trips)
        .where(and(eq(trips.routeId, routeId), eq(trips.serviceDate, "2026-03-02")))
    )[0]!.id;
    await t.db.update(trips).set({ driverId: ids.driver! }).where(eq(trips.id, homeRunId));
  });

  it("Departed and Arrived override a live run, and the engine never flips them back; a drop-off drops nobody by itself", async () => {
    const admin = await callerFor(t, { id: ids.admin!, role: "school_admin" } as never);
    const driver = await callerFor(t, { id: ids.driver!, role: "driver" } as never);
    const t0 = START.getTime() + 8 * 60 * MINUTE; // 15:00
    t.clock.set(new Date(t0));
    await driver.driver.live.startRun({ runId: homeRunId, busId: null });
    expect((await post(homeRunId, [position(0, t0)])).status).toBe(200);
    // Arrived mid-route: the run stays open to the phone, and stays Arrived.
    await admin.schoolAdmin.trips.setStatus({ tripId: homeRunId, status: "completed" });
    t.clock.set(new Date(t0 + MINUTE));
    expect((await post(homeRunId, [position(600)])).status).toBe(200);
    expect(await statusOf(homeRunId)).toBe("completed");
    await admin.schoolAdmin.trips.setStatus({ tripId: homeRunId, status: "in-progress" });
    // At the last stop (Ada's), the engine marks the run Arrived; a drop-off's driver taps Dropped.
    t.clock.set(new Date(t0 + 2 * MINUTE));
    expect((await post(homeRunId, [position(1200)])).status).toBe(200);
    expect(await statusOf(homeRunId)).toBe("in-progress");
    t.clock.set(new Date(t0 + 3 * MINUTE));
    expect((await post(homeRunId, [position(2200)])).status).toBe(200);
    expect(await statusOf(homeRunId)).toBe("completed");
    expect(await t.db.select().from(attendance).where(eq(attendance.runId, homeRunId))).toEqual([]);
    // The admin says Departed after all (the bus is going round again): later positions keep it so.
    await admin.schoolAdmin.trips.setStatus({ tripId: homeRunId, status: "in-progress" });
    t.clock.set(new Date(t0 + 3 * MINUTE + 5_000));
    const dropped = { ...tap(ids.ada!, 2, "dropped"), stopId: homeStops[2]! };
    expect((await post(homeRunId, [position(2210), dropped])).status).toBe(200);
    expect(await statusOf(homeRunId)).toBe("in-progress");
    const [ada] = await t.db.select().from(attendance).where(eq(attendance.runId, homeRunId));
    expect(ada).toMatchObject({ status: "dropped", stopId: homeStops[2] });
  });

  it("a live run the admin cancels tells its parents once; the driver's phone may post nothing more", async () => {
    const admin = await callerFor(t, { id: ids.admin!, role: "school_admin" } as never);
    const cancelled = async () => (await noticesOf(ids.parentA!)).filter((notice) => notice.title === "Trip cancelled");
    expect(await cancelled()).toEqual([]);
    expect((await admin.schoolAdmin.trips.setStatus({ tripId: homeRunId, status: "cancelled" })).notified).toBe(true);
    expect((await admin.schoolAdmin.trips.setStatus({ tripId: homeRunId, status: "cancelled" })).notified).toBe(false);
    expect(await cancelled()).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^Home run .* is cancelled\.$/) }),
    ]);
    t.clock.advance(5_000);
    expect((await post(homeRunId, [position(2220)])).status).toBe(409);
    expect((await snapshot(homeRunId, cookies.driver)).status).toBe(404);
    expect((await snapshot(homeRunId, cookies.parentA)).status).toBe(404);
    // End run after it: still cancelled, and nobody is told anything more.
    const driver = await callerFor(t, { id: ids.driver!, role: "driver" } as never);
    await driver.driver.live.endRun({ runId: homeRunId });
    expect(await statusOf(homeRunId)).toBe("cancelled");
    expect(await cancelled()).toHaveLength(1);
  });
});

describe("a boarding corrected after the school drop", () => {
  it("the correction stands: Absent takes the drop away and tells the parent; Boarded again at the school drops the child again, told once", async () => {
    // Tuesday's South loop: Cy boards at 08:20, the bus reaches the school at 08:24.
    const t0 = new Date("2026-03-03T14:20:00Z").getTime();
    t.clock.set(new Date(t0));
    const [tuesday] = await t.db
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.routeId, (await routeOf(otherRunId))!), eq(trips.serviceDate, "2026-03-03")));
    const run = tuesday!.id;
    await t.db.update(trips).set({ driverId: ids.otherDriver! }).where(eq(trips.id, run));
    const driver = await callerFor(t, { id: ids.otherDriver!, role: "driver" } as never);
    const cookieOf = async (id: string, role: "driver" | "parent") =>
      (await sessionCookieFor(t.db, t.deps.config, { id, role }, t.clock.now())).cookie;
    const cookie = await cookieOf(ids.otherDriver!, "driver");
    const parentCookie = await cookieOf(ids.parentC!, "parent");
    await driver.driver.live.startRun({ runId: run, busId: null });
    const items = [
      position(0, t0),
      { ...tap(ids.cy!, 0, "boarded"), stopId: otherStopIds[0]! },
      position(1200, t0 + 2 * MINUTE),
      position(2200, t0 + 4 * MINUTE),
    ];
    t.clock.set(new Date(t0 + 4 * MINUTE + 5_000));
    expect((await post(run, items, cookie)).status).toBe(200);
    const rows = async () =>
      (await t.db.select().from(attendance).where(eq(attendance.runId, run)).orderBy(asc(attendance.phase))).map(
        (row) => ({ phase: row.phase, status: row.status, at: row.at }),
      );
    expect(await rows()).toEqual([
      { phase: "board", status: "boarded", at: new Date(t0) },
      { phase: "drop", status: "dropped", at: new Date(t0 + 4 * MINUTE) },
    ]);

    // 08:26, at the school: Cy was never on the bus. The driver taps Absent at Oak & 5th.
    t.clock.set(new Date(t0 + 6 * MINUTE));
    const absent = { ...tap(ids.cy!, 0, "absent"), stopId: otherStopIds[0]! };
    const corrected = (await (await post(run, [absent], cookie)).json()) as { refused: unknown[] };
    expect(corrected.refused).toEqual([]);
    expect(await rows()).toEqual([{ phase: "board", status: "absent", at: new Date(t0 + 6 * MINUTE) }]);
    const view = (await (await snapshot(run, parentCookie)).json()) as {
      run: { riders: { attendance: { status: string } | null }[] };
    };
    expect(view.run.riders[0]!.attendance).toMatchObject({ status: "absent" });
    const todays = async () =>
      (await noticesOf(ids.parentC!)).filter((notice) => / 8:2\d AM\.$/.test(notice.message)).map((n) => n.message);
    expect(await todays()).toEqual([
      "Cy Other boarded at Oak & 5th at 8:20 AM.",
      "Cy Other was dropped off at Maple Grove Primary at 8:24 AM.",
      "Cy Other was marked absent at Oak & 5th at 8:26 AM.",
    ]);

    // 08:27: Boarded after all. The bus is still at the school: Cy is dropped there again, not told twice.
    t.clock.set(new Date(t0 + 7 * MINUTE));
    expect((await post(run, [{ ...tap(ids.cy!, 0, "boarded"), stopId: otherStopIds[0]! }], cookie)).status).toBe(200);
    expect(await rows()).toEqual([
      { phase: "board", status: "boarded", at: new Date(t0 + 7 * MINUTE) },
      { phase: "drop", status: "dropped", at: new Date(t0 + 7 * MINUTE) },
    ]);
    expect(await todays()).toHaveLength(3);
    // A replay of the correction changes nothing.
    t.clock.advance(5_000);
    expect((await post(run, [absent], cookie)).status).toBe(200);
    expect((await rows()).map((row) => row.status)).toEqual(["boarded", "dropped"]);
  });
});

describe("the school admin's Departed by hand", () => {
  it("links to the parent's live ride in the inbox, as the driver's Start does; each one told", async () => {
    // Tuesday's North loop, which Ada rides: the driver has no phone today, the office says Departed.
    t.clock.set(new Date("2026-03-03T13:05:00Z"));
    const [tuesday] = await t.db
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.routeId, (await routeOf(runId))!), eq(trips.serviceDate, "2026-03-03")));
    const admin = await callerFor(t, { id: ids.admin!, role: "school_admin" } as never);
    const parentA = await callerFor(t, { id: ids.parentA!, role: "parent" } as never);
    const inbox = async () => (await parentA.parent.notifications.list({ tab: "all", page: 1 })).rows;
    const known = new Set((await inbox()).map((row) => row.id));
    const fresh = async () =>
      (await inbox()).filter((row) => !known.has(row.id)).map((row) => ({ title: row.title, runId: row.runId }));
    expect((await admin.schoolAdmin.trips.setStatus({ tripId: tuesday!.id, status: "in-progress" })).notified).toBe(
      true,
    );
    expect(await fresh()).toEqual([{ title: "Bus departed", runId: tuesday!.id }]);
    // Arrived, then Departed again (the bus goes round again): told again, linked again.
    t.clock.advance(MINUTE);
    await admin.schoolAdmin.trips.setStatus({ tripId: tuesday!.id, status: "completed" });
    t.clock.advance(MINUTE);
    await admin.schoolAdmin.trips.setStatus({ tripId: tuesday!.id, status: "in-progress" });
    // Newest first.
    expect(await fresh()).toEqual([
      { title: "Bus departed", runId: tuesday!.id },
      { title: "Bus arrived", runId: null },
      { title: "Bus departed", runId: tuesday!.id },
    ]);
  });
});

async function routeOf(run: string) {
  return (await t.db.select({ routeId: trips.routeId }).from(trips).where(eq(trips.id, run)))[0]?.routeId;
}
