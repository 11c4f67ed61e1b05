/**
 * The driver's phone and the server together (ADR 0055): the browser client's outbox
 * (web/src/features/live/client.ts) sends to the real `/api/live` endpoint of the app. Five minutes
 * of positions and taps made without signal — through failed sends, a reload of the page and an
 * answer lost on the way back — arrive once and in order. And what crosses a school's border is
 * refused: another school's driver, parent, run, child or stop (LO1, LO2).
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { attendance, children, liveNotices, notifications, runPositions, trips } from "#db/schema/index.ts";
import {
  type FetchLike,
  type OutboundPosition,
  OutboundQueue,
  type OutboundTap,
  type StorageLike,
} from "../../web/src/features/live/client.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { HandClock } from "../support/hand-clock.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";

let t: TestApp;
// Monday 2 March 2026, 07:00 in Chicago (UTC−6): the run's stops are at 07:10, 07:20 and 07:30.
const START = new Date("2026-03-02T13:00:00Z");
const STOPS = [
  { name: "Oak & 5th", latitude: 41.77, longitude: -88.15, time: "07:10", distanceMeters: 0 },
  { name: "Library", latitude: 41.78, longitude: -88.15, time: "07:20", distanceMeters: 1100 },
  { name: "Maple Grove Primary", latitude: 41.79, longitude: -88.15, time: "07:30", distanceMeters: 2200 },
];
const CHILD = { age: 9, grade: "4th Grade" as const, school: "Maple", emergencyContact: "Gran 555 0100" };

type SchoolRun = {
  schoolId: string;
  runId: string;
  stopIds: string[];
  childIds: string[];
  parentIds: string[];
  cookies: { driver: string; parent: string; admin: string };
};
let home: SchoolRun;
let away: SchoolRun;

/** A school with a bus, a three-stop pickup route, two families riding it and today's run assigned to its driver. */
async function schoolWithRun(name: string): Promise<SchoolRun> {
  const school = await createSchool(t.db, { name, timeZone: "America/Chicago" });
  const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  const driver = await createUser(t.db, "driver", { schoolId: school.id });
  const parents = [
    await createUser(t.db, "parent", { schoolId: school.id }),
    await createUser(t.db, "parent", { schoolId: school.id }),
  ];
  const cookie = async (user: Parameters<typeof sessionCookieFor>[2]) =>
    (await sessionCookieFor(t.db, t.deps.config, user, t.clock.now())).cookie;
  const asAdmin = await callerFor(t, admin as never);
  const bus = await asAdmin.schoolAdmin.buses.create({ bus: { number: "12", seats: 40, plate: null } });
  const route = await asAdmin.schoolAdmin.routes.create({
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
  const { stopIds } = await asAdmin.schoolAdmin.routes.stops.set({ routeId: route.id, version: 0, stops: STOPS });
  const childIds: string[] = [];
  for (const [index, parent] of parents.entries()) {
    const [row] = await t.db
      .insert(children)
      .values({ ...CHILD, name: `Child ${index} of ${name}`, schoolId: school.id, parentId: parent.id })
      .returning({ id: children.id });
    childIds.push(row!.id);
    await asAdmin.schoolAdmin.riders.assign({
      childId: row!.id,
      stopId: stopIds[index]!,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-02",
      toDate: null,
    });
  }
  const [run] = await t.db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.routeId, route.id), eq(trips.serviceDate, "2026-03-02")));
  await t.db.update(trips).set({ driverId: driver.id }).where(eq(trips.id, run!.id));
  const asDriver = await callerFor(t, driver as never);
  await asDriver.driver.live.startRun({ runId: run!.id, busId: null });
  return {
    schoolId: school.id,
    runId: run!.id,
    stopIds,
    childIds,
    parentIds: parents.map((parent) => parent.id),
    cookies: { driver: await cookie(driver), parent: await cookie(parents[0]!), admin: await cookie(admin) },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  home = await schoolWithRun("Maple Grove Primary");
  away = await schoolWithRun("Cedar Hill Academy");
});
afterAll(() => t.close());

/** Lets a send through the app (several database calls) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function browserStorage(): StorageLike {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe("the driver's outbox against the real endpoint", () => {
  it("5 minutes of positions and taps queued offline arrive once, in order, through failures, a reload and a lost answer", async () => {
    const network = { online: false, loseNextAnswer: false, delivered: 0, failed: 0 };
    const fetch: FetchLike = async (url, init) => {
      if (!network.online) {
        network.failed++;
        throw new TypeError("Failed to fetch");
      }
      const headers = { ...(init?.headers as Record<string, string>), cookie: home.cookies.driver };
      const response = await t.app.request(`http://localhost:8787${url}`, { ...init, headers });
      network.delivered++;
      if (network.loseNextAnswer) {
        // The server stored the batch; the answer never reached the phone.
        network.loseNextAnswer = false;
        throw new TypeError("The network connection was lost.");
      }
      return response;
    };
    const storage = browserStorage();
    const phone = new HandClock(settle);
    let ids = 0;
    const options = { storage, fetch, clock: phone, newId: () => `offline-${++ids}`, random: () => 0.5 };
    let queue = new OutboundQueue(home.runId, options);

    // 07:02 to 07:07, no signal: a position every 5 s from 300 m short of the first stop, through it
    // and on; at the first stop the driver taps the first child Absent, then corrects it to Boarded.
    const t0 = START.getTime() + 2 * MINUTE;
    const made: string[] = [];
    for (let i = 0; i < 60; i++) {
      const at = t0 + i * 5000;
      t.clock.set(new Date(at));
      const metres = -300 + i * 12;
      const item: OutboundPosition = {
        kind: "position",
        at,
        latitude: 41.77 + metres / 111_195,
        longitude: -88.15,
        accuracy: 10,
        speed: 2.4,
        heading: 0,
      };
      made.push(queue.add(item));
      if (i === 26 || i === 27) {
        const tap: OutboundTap = {
          kind: "tap",
          at: at + 1000,
          childId: home.childIds[0]!,
          stopId: home.stopIds[0]!,
          status: i === 26 ? "absent" : "boarded",
          latitude: 41.77,
          longitude: -88.15,
        };
        made.push(queue.add(tap));
      }
      await phone.advance(5000);
      if (i === 30) {
        // The driver reloads the page: the new queue starts from what was stored.
        phone.timers = [];
        queue = new OutboundQueue(home.runId, options);
        expect(queue.pending.map((item) => item.clientId)).toEqual(made);
      }
    }
    expect(made).toHaveLength(62);
    expect(network.failed).toBeGreaterThan(0);
    expect(network.delivered).toBe(0);
    expect(queue.pending).toHaveLength(62);

    const queued = [...queue.pending];

    // Signal again at 07:07:30; the first answer is lost, so the phone sends the same batch again.
    t.clock.set(new Date(t0 + 5 * MINUTE + 30_000));
    network.online = true;
    network.loseNextAnswer = true;
    await queue.flush();
    expect(queue.pending).toHaveLength(62);
    await phone.advance(60_000);
    expect(queue.pending).toHaveLength(0);
    expect(JSON.parse(storage.getItem(`schoolride.live.outbox.${home.runId}`)!)).toEqual([]);
    expect(network.delivered).toBe(2);

    const stored = await t.db
      .select({ clientId: runPositions.clientId })
      .from(runPositions)
      .where(eq(runPositions.runId, home.runId))
      .orderBy(asc(runPositions.deviceAt));
    const positions = made.filter((_id, index) => index !== 27 && index !== 29);
    expect(stored.map((row) => row.clientId)).toEqual(positions);
    const [tap] = await t.db.select().from(attendance).where(eq(attendance.childId, home.childIds[0]!));
    expect(tap).toMatchObject({ status: "boarded", clientId: made[29], stopId: home.stopIds[0] });
    // Each notice once: no key twice (by construction) and no parent told the same thing twice.
    const told = await t.db
      .select({ recipient: notifications.recipientId, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.schoolId, home.schoolId));
    const texts = told.map((row) => `${row.recipient} ${row.title} ${row.message}`);
    expect(new Set(texts).size).toBe(texts.length);
    expect(told.filter((row) => row.recipient === home.parentIds[0] && /boarded/i.test(row.title))).toHaveLength(1);
    const keys = await t.db.select({ key: liveNotices.key }).from(liveNotices).where(eq(liveNotices.runId, home.runId));

    // All of it sent again (a restored backup of the phone's storage): nothing changes.
    const replay = await t.app.request(`http://localhost:8787/api/live/runs/${home.runId}/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: home.cookies.driver },
      body: JSON.stringify({ items: queued }),
    });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { acknowledged: string[] }).acknowledged).toEqual(made);
    expect(await t.db.select().from(runPositions).where(eq(runPositions.runId, home.runId))).toHaveLength(60);
    expect(
      await t.db.select({ key: liveNotices.key }).from(liveNotices).where(eq(liveNotices.runId, home.runId)),
    ).toEqual(keys);
  });
});

describe("another school's people and ids are refused (LO1, LO2)", () => {
  const post = (runId: string, items: unknown[], cookie: string) =>
    t.app.request(`http://localhost:8787/api/live/runs/${runId}/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ items }),
    });
  const position = (clientId: string) => ({
    kind: "position",
    clientId,
    at: t.clock.now().getTime(),
    latitude: 41.775,
    longitude: -88.15,
    accuracy: 10,
    speed: 2,
    heading: 0,
  });

  it("a driver posting for another school's run is 404, and nothing is stored", async () => {
    const before = (await t.db.select().from(runPositions).where(eq(runPositions.runId, away.runId))).length;
    expect((await post(away.runId, [position("foreign-1")], home.cookies.driver)).status).toBe(404);
    expect((await post(home.runId, [position("foreign-2")], away.cookies.driver)).status).toBe(404);
    expect(await t.db.select().from(runPositions).where(eq(runPositions.runId, away.runId))).toHaveLength(before);
    expect(
      await t.db
        .select()
        .from(runPositions)
        .where(and(eq(runPositions.runId, home.runId), eq(runPositions.clientId, "foreign-2"))),
    ).toEqual([]);
  });

  it("a tap naming another school's child or stop is refused for good, with its reason", async () => {
    const tap = (clientId: string, childId: string, stopId: string) => ({
      kind: "tap",
      clientId,
      at: t.clock.now().getTime(),
      childId,
      stopId,
      status: "boarded",
      latitude: null,
      longitude: null,
    });
    const answer = await post(
      home.runId,
      [tap("x-child", away.childIds[1]!, home.stopIds[1]!), tap("x-stop", home.childIds[1]!, away.stopIds[1]!)],
      home.cookies.driver,
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      acknowledged: ["x-child", "x-stop"],
      refused: [
        { clientId: "x-child", reason: "child" },
        { clientId: "x-stop", reason: "stop" },
      ],
    });
    for (const childId of [away.childIds[1]!, home.childIds[1]!])
      expect(await t.db.select().from(attendance).where(eq(attendance.childId, childId))).toEqual([]);
  });

  it("another school's parent, admin or driver can neither watch the run's socket nor poll it", async () => {
    const wss = new WebSocketServer({ noServer: true });
    const server = serve({ fetch: t.app.fetch, port: 0, websocket: { server: wss } });
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    const socketStatus = (runId: string, cookie: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`${origin.replace("http", "ws")}/api/live/runs/${runId}/socket`, {
          headers: { cookie, origin },
        });
        socket.once("open", () => {
          socket.close();
          resolve(101);
        });
        socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      });
    try {
      expect(await socketStatus(home.runId, home.cookies.parent)).toBe(101);
      for (const cookie of Object.values(away.cookies)) {
        expect(await socketStatus(home.runId, cookie)).toBe(404);
        const poll = await t.app.request(`http://localhost:8787/api/live/runs/${home.runId}`, { headers: { cookie } });
        expect(poll.status).toBe(404);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
