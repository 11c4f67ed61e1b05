/**
 * Web push (ADR 0068): VAPID keys, subscriptions that are their owner's own, pushes written with the
 * change that causes them and sent through the queue to the local push service (which decrypts them
 * as a browser would), a subscription the push service answers 410 for pruned, and a payload that
 * carries a short text and a link only — never a child's health notes.
 */
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { children, pushLogs, pushSubscriptions, trips } from "#db/schema/index.ts";
import { PUSH_BODY_MAX, PUSH_TITLE_MAX, pushPayload } from "#shared/push-constants.ts";
import { createApp } from "#worker/app.ts";
import { ConfigError, loadConfig } from "#worker/config.ts";
import type { LocalPush } from "#worker/deps.ts";
import { startLocalPushService } from "#worker/local/push-service.ts";
import { localVapidKeys, vapidFilePath } from "#worker/local/vapid-file.ts";
import type { QueueMessageBody } from "#worker/platform.ts";
import { consumeBatch, consumeDeadLetters } from "#worker/queue/consumer.ts";
import { pushRequest } from "#worker/services/push/deliver.ts";
import { endpointAllowed } from "#worker/services/push/subscriptions.ts";
import { generateVapidKeys, vapidKeysLookValid } from "#worker/services/push/vapid.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, MINUTE, memoryLogger, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";

const VAPID = {
  VAPID_PUBLIC_KEY: PRODUCTION_ENV.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: PRODUCTION_ENV.VAPID_PRIVATE_KEY,
};
// Monday 2 March 2026, 07:00 in Chicago: the run's stops are at 07:10, 07:20 and 07:30.
const START = new Date("2026-03-02T13:00:00Z");
const STOPS = [
  { name: "Oak & 5th", latitude: 41.77, longitude: -88.15, time: "07:10", distanceMeters: 0 },
  { name: "Library", latitude: 41.78, longitude: -88.15, time: "07:20", distanceMeters: 1100 },
  { name: "Maple Grove Primary", latitude: 41.79, longitude: -88.15, time: "07:30", distanceMeters: 2200 },
];
const HEALTH = "Severe peanut allergy, EpiPen in the front pocket";

let t: TestApp;
let localPush: LocalPush;
const ids: Record<string, string> = {};
let driverCookie = "";
let stopIds: string[] = [];
let runId = "";
let counter = 0;

const consumerDeps = () => ({
  db: t.db,
  mailer: t.deps.mailer,
  now: t.clock.now,
  logger: memoryLogger(),
  push: { vapid: t.deps.config.vapid!, fetch, localOrigin: localPush.origin },
});
/** Runs what the app put on the queue through the real consumer (pushes only; e-mails stay). */
async function drainPushes() {
  const pushes = t.queued.filter((body): body is Extract<QueueMessageBody, { kind: "push" }> => body.kind === "push");
  t.queued.splice(0, t.queued.length, ...t.queued.filter((body) => body.kind !== "push"));
  const outcomes: string[] = [];
  await consumeBatch(consumerDeps(), {
    queue: "schoolride-email",
    messages: pushes.map((body, i) => ({
      id: `m${i}`,
      body,
      attempts: 1,
      ack: () => void outcomes.push("ack"),
      retry: () => void outcomes.push("retry"),
    })),
  });
  return outcomes;
}
const received = () => localPush.received().map((push) => ({ endpoint: push.endpoint, ...JSON.parse(push.payload) }));

function position(metres: number, at = t.clock.now().getTime()) {
  return {
    kind: "position",
    clientId: `p${++counter}`,
    at,
    latitude: 41.77 + metres / 111_195,
    longitude: -88.15,
    accuracy: 10,
    speed: 8,
    heading: 0,
  };
}
const post = (items: unknown[]) =>
  t.app.request(`http://localhost:8787/api/live/runs/${runId}/batch`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: driverCookie },
    body: JSON.stringify({ items }),
  });

beforeAll(async () => {
  t = await createTestApp({ env: VAPID });
  localPush = await startLocalPushService(0);
  t.deps.localPush = localPush;
  t.clock.set(START);
  const school = await createSchool(t.db, { name: "Maple Grove Primary", timeZone: "America/Chicago" });
  const other = await createSchool(t.db, { timeZone: "America/Chicago" });
  ids.school = school.id;
  const users = {
    admin: await createUser(t.db, "school_admin", { schoolId: school.id }),
    driver: await createUser(t.db, "driver", { schoolId: school.id, name: "Sam Driver" }),
    parentA: await createUser(t.db, "parent", { schoolId: school.id, name: "Dana Rivers" }),
    parentB: await createUser(t.db, "parent", { schoolId: school.id, name: "Lee Chen" }),
    otherParent: await createUser(t.db, "parent", { schoolId: other.id }),
  };
  for (const [name, user] of Object.entries(users)) ids[name] = user.id;
  driverCookie = (await sessionCookieFor(t.db, t.deps.config, users.driver, t.clock.now())).cookie;
  const admin = await callerFor(t, users.admin as never);
  const bus = await admin.schoolAdmin.buses.create({ bus: { number: "12", seats: 40, plate: null } });
  const route = await admin.schoolAdmin.routes.create({
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
  stopIds = (await admin.schoolAdmin.routes.stops.set({ routeId: route.id, version: 0, stops: STOPS })).stopIds;
  const child = async (name: string, parentId: string) => {
    const [row] = await t.db
      .insert(children)
      .values({
        name,
        age: 9,
        grade: "4th Grade",
        school: "Maple",
        emergencyContact: "Gran 555 0100",
        schoolId: school.id,
        parentId,
        allergyInfo: HEALTH,
        specialNeeds: "Wheelchair ramp; medication at 12:00",
      })
      .returning({ id: children.id });
    return row!.id;
  };
  ids.ada = await child("Ada Rivers", users.parentA.id);
  ids.ben = await child("Ben Chen", users.parentB.id);
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
  const [run] = await t.db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.routeId, route.id), eq(trips.serviceDate, "2026-03-02")));
  runId = run!.id;
  await t.db.update(trips).set({ driverId: users.driver.id }).where(eq(trips.id, runId));
});
afterAll(async () => {
  await localPush.close();
  t.close();
});

describe("VAPID keys", () => {
  it("a generated pair is a P-256 key in base64url; production refuses to start without a valid pair", async () => {
    const keys = await generateVapidKeys("mailto:push@example.com");
    expect(vapidKeysLookValid(keys)).toBe(true);
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const production = { ...PRODUCTION_ENV };
    expect(loadConfig(production).vapid).toMatchObject({
      publicKey: VAPID.VAPID_PUBLIC_KEY,
      subject: "mailto:push@localhost",
    });
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined })).toThrow(
      /Production mode needs VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ ...production, VAPID_PRIVATE_KEY: "short" })).toThrow(ConfigError);
    // Local mode without keys: none in the config (the Node entry makes a pair once).
    expect(loadConfig({}).vapid).toBeNull();
  });

  it("a local install generates its pair once and keeps it beside its database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vapid-"));
    try {
      const url = `file:${join(dir, "schoolride.db")}`;
      const first = await localVapidKeys(url, "mailto:a@localhost");
      expect(vapidFilePath(url)).toBe(join(dir, "vapid-keys.json"));
      expect(JSON.parse(readFileSync(join(dir, "vapid-keys.json"), "utf8"))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect(await localVapidKeys(url, "mailto:a@localhost")).toEqual(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("subscriptions", () => {
  it("name a push service on https (never the server's own network), or the local push service in local mode", () => {
    expect(endpointAllowed("https://fcm.googleapis.com/fcm/send/abc", undefined)).toBe(true);
    expect(endpointAllowed("http://fcm.googleapis.com/fcm/send/abc", undefined)).toBe(false);
    for (const host of ["localhost", "127.0.0.1", "10.0.0.5", "192.168.1.2", "172.16.0.1", "169.254.169.254", "[::1]"])
      expect(endpointAllowed(`https://${host}/push`, undefined)).toBe(false);
    expect(endpointAllowed("https://user:pw@push.example.com/x", undefined)).toBe(false);
    expect(endpointAllowed(`${localPush.origin}/notify/abc`, localPush.origin)).toBe(true);
    expect(endpointAllowed(`${localPush.origin}/notify/abc`, undefined)).toBe(false);
  });

  it("a push service's redirect is not followed: the server gets the 3xx (a failed push, retried), the address it names gets nothing", async () => {
    let inside = 0;
    const internal = createServer((_request, response) => {
      inside += 1;
      response.end("ok");
    });
    const redirecting = createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${(internal.address() as AddressInfo).port}/admin` });
      response.end();
    });
    await Promise.all([internal, redirecting].map((server) => once(server.listen(0, "127.0.0.1"), "listening")));
    try {
      const origin = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
      const subscription = await localPush.subscribe(t.deps.config.vapid!.publicKey);
      const endpoint = `${origin}/push/abc`;
      const keys = { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
      const init = await pushRequest({ vapid: t.deps.config.vapid!, localOrigin: origin }, { endpoint, ...keys }, "{}");
      const response = await fetch(endpoint, init);
      expect(response.status).toBe(307);
      expect(inside).toBe(0);
    } finally {
      for (const server of [internal, redirecting]) server.close();
    }
  });

  it("PU1 are the user's own: listed, removed and turned off only by their owner; another's id is NOT_FOUND", async () => {
    const a = await callerFor(t, { id: ids.parentA!, role: "parent" } as never);
    const b = await callerFor(t, { id: ids.parentB!, role: "parent" } as never);
    const outsider = await callerFor(t, { id: ids.otherParent!, role: "parent" } as never);
    const setup = await a.parent.push.get();
    expect(setup).toEqual({ publicKey: VAPID.VAPID_PUBLIC_KEY, devices: [] });
    const subscription = await localPush.subscribe(setup.publicKey!);
    const mine = await a.parent.push.subscribe(subscription);
    expect(mine.devices).toHaveLength(1);
    expect(mine.devices[0]!.label).toBe("A browser");
    const id = mine.devices[0]!.id;
    expect((await b.parent.push.get()).devices).toEqual([]);
    expect((await outsider.parent.push.get()).devices).toEqual([]);
    expect(await failure(b.parent.push.remove({ id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await failure(outsider.parent.push.remove({ id }))).toMatchObject({ code: "NOT_FOUND" });
    await b.parent.push.unsubscribe({ endpoint: subscription.endpoint });
    expect((await a.parent.push.get()).devices.map((device) => device.id)).toEqual([id]);
    // Subscribing again from the same browser keeps one row; an endpoint SchoolRide may not post to is refused.
    expect((await a.parent.push.subscribe(subscription)).devices).toHaveLength(1);
    expect(
      await failure(a.parent.push.subscribe({ ...subscription, endpoint: "http://169.254.169.254/latest" })),
    ).toMatchObject({ code: "BAD_REQUEST" });
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    expect(row).toMatchObject({ userRole: "parent", userId: ids.parentA, schoolId: ids.school });
  });
});

describe("a push, from the change to the device", () => {
  it("the boarding reaches the parent's device decrypted, with a short text and the run's link — not the child's health notes (PU2)", async () => {
    const driver = await callerFor(t, { id: ids.driver!, role: "driver" } as never);
    await driver.driver.live.startRun({ runId, busId: null });
    t.clock.set(new Date(START.getTime() + 10 * MINUTE));
    const at = (minutes: number) => START.getTime() + minutes * MINUTE;
    const tap = {
      kind: "tap",
      clientId: "tap-ada",
      at: t.clock.now().getTime(),
      childId: ids.ada!,
      stopId: stopIds[0]!,
      status: "boarded",
      latitude: STOPS[0]!.latitude,
      longitude: STOPS[0]!.longitude,
    };
    expect((await post([position(-300, at(9)), position(0, at(10)), tap])).status).toBe(200);
    const rows = await t.db.select().from(pushLogs);
    expect(rows.map((row) => [row.kind, row.title, row.status])).toEqual([
      ["attendance", "Ada Rivers boarded", "pending"],
    ]);
    expect(await drainPushes()).toEqual(["ack"]);
    const pushes = received();
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push).toEqual({
      endpoint: push.endpoint,
      title: "Ada Rivers boarded",
      body: "Ada Rivers boarded at Oak & 5th at 7:10 AM.",
      url: `/parent/rides/${runId}`,
      tag: `attendance:${rows[0]!.batchId}`,
    });
    // The payload holds the four short fields and nothing of the child's record.
    const raw = localPush.received()[0]!.payload;
    expect(raw).not.toMatch(/peanut|EpiPen|Wheelchair|medication|Gran 555/i);
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual(["body", "tag", "title", "url"]);
    const [sent] = await t.db.select().from(pushLogs);
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("the parent waiting at the next stop gets the bus N minutes away; a device whose subscription expired is pruned on the next send (410)", async () => {
    const b = await callerFor(t, { id: ids.parentB!, role: "parent" } as never);
    const subscription = await localPush.subscribe(VAPID.VAPID_PUBLIC_KEY);
    await b.parent.push.subscribe(subscription);
    const chosen = await b.parent.preferences.get();
    await b.parent.preferences.set({ ...chosen, approachMinutes: 10 });
    // 07:12, just past the first stop: about 8 minutes from the Library, within Lee's 10.
    t.clock.set(new Date(START.getTime() + 12 * MINUTE));
    expect((await post([position(150)])).status).toBe(200);
    await drainPushes();
    const approach = received().filter((push) => push.title === "Bus approaching");
    expect(approach).toHaveLength(1);
    expect(approach[0]).toMatchObject({ endpoint: subscription.endpoint, url: `/parent/rides/${runId}` });
    expect(approach[0].body).toMatch(/^North loop \(bus 12\) is .* from Library\.$/);
    // The browser's subscription expires: the next push to it is answered 410, and the device goes.
    expect(localPush.expire(subscription.endpoint)).toBe(true);
    const admin = await callerFor(t, { id: ids.admin!, role: "school_admin" } as never);
    const preferences = await b.parent.preferences.get();
    await b.parent.preferences.set({
      ...preferences,
      channels: { ...preferences.channels, schoolMessage: { push: true, email: false } },
    });
    await admin.schoolAdmin.notifications.send({
      title: "Snow day tomorrow",
      message: "No buses run on Tuesday.",
      type: "info",
      category: "system",
      audience: { kind: "parent", parentId: ids.parentB! },
      email: false,
    });
    expect(await drainPushes()).toEqual(["ack"]);
    expect((await b.parent.push.get()).devices).toEqual([]);
    const [gone] = await t.db.select().from(pushLogs).where(eq(pushLogs.title, "Snow day tomorrow"));
    expect(gone).toMatchObject({ status: "gone", subscriptionId: null, url: "/parent/notifications" });
  });

  it("a push service that fails is retried, and the dead-letter queue marks the push failed", async () => {
    const a = await callerFor(t, { id: ids.parentA!, role: "parent" } as never);
    const preferences = await a.parent.preferences.get();
    await a.parent.preferences.set({
      ...preferences,
      channels: { ...preferences.channels, schoolMessage: { push: true, email: false } },
    });
    const admin = await callerFor(t, { id: ids.admin!, role: "school_admin" } as never);
    await admin.schoolAdmin.notifications.send({
      title: "Photo day",
      message: "Bring a smile.",
      type: "info",
      category: "system",
      audience: { kind: "parent", parentId: ids.parentA! },
      email: false,
    });
    const body = t.queued.find((message) => message.kind === "push")!;
    t.queued.splice(0);
    const failing = {
      ...consumerDeps(),
      push: { ...consumerDeps().push, fetch: async () => new Response("", { status: 503 }) },
    };
    const outcome: string[] = [];
    const message = {
      id: "m",
      body,
      attempts: 1,
      ack: () => void outcome.push("ack"),
      retry: () => void outcome.push("retry"),
    };
    await consumeBatch(failing, { queue: "schoolride-email", messages: [message] });
    expect(outcome).toEqual(["retry"]);
    await consumeDeadLetters(failing, { queue: "schoolride-email-dlq", messages: [message] });
    const [row] = await t.db.select().from(pushLogs).where(eq(pushLogs.title, "Photo day"));
    expect(row).toMatchObject({ status: "failed", errorMessage: "The push service answered 503" });
  });
});

describe("the dev pages (local mode only)", () => {
  it("/dev/push gives a subscription at the local push service, lists what it received decrypted, expires one; production has no /dev/push", async () => {
    const local = createApp({ ...t.deps, localPush });
    const json = { "content-type": "application/json" };
    const refused = await local.request("http://localhost:8787/dev/push/subscribe", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ applicationServerKey: "not-the-key" }),
    });
    expect(refused.status).toBe(400);
    const subscribed = await local.request("http://localhost:8787/dev/push/subscribe", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ applicationServerKey: VAPID.VAPID_PUBLIC_KEY }),
    });
    expect(subscribed.status).toBe(200);
    const subscription = (await subscribed.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
    expect(subscription.endpoint.startsWith(`${localPush.origin}/notify/`)).toBe(true);
    const page = await local.request("http://localhost:8787/dev/push");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>Dev pushes</h1>");
    expect(html).toContain("Ada Rivers boarded");
    const listed = (await (await local.request("http://localhost:8787/dev/push/received.json")).json()) as {
      title: string;
    }[];
    expect(listed.map((push) => push.title)).toContain("Ada Rivers boarded");
    const expire = (endpoint: string) =>
      local.request("http://localhost:8787/dev/push/expire", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ endpoint }),
      });
    expect((await expire(subscription.endpoint)).status).toBe(200);
    expect((await expire("http://127.0.0.1:1/notify/unknown")).status).toBe(404);
    // Without a local push service (the Worker), and in production, there is no /dev/push.
    expect((await t.app.request("http://localhost:8787/dev/push")).status).toBe(404);
    const production = await createTestApp({ env: PRODUCTION_ENV });
    try {
      const prod = createApp({ ...production.deps, localPush });
      for (const path of ["/dev/push", "/dev/push/received.json"])
        expect((await prod.request(`https://app.schoolride.example${path}`)).status).toBe(404);
      const post = await prod.request("https://app.schoolride.example/dev/push/subscribe", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ applicationServerKey: VAPID.VAPID_PUBLIC_KEY }),
      });
      expect(post.status).toBe(404);
    } finally {
      production.close();
    }
  });
});

describe("the payload", () => {
  it("PU2 is a short title and text and an in-app path, whatever it is given", () => {
    const long = pushPayload({
      title: "T".repeat(500),
      body: "B ".repeat(500),
      url: "https://evil.example/x",
      tag: "k",
    });
    expect(long.title.length).toBeLessThanOrEqual(PUSH_TITLE_MAX);
    expect(long.body.length).toBeLessThanOrEqual(PUSH_BODY_MAX);
    expect(long.url).toBe("/");
    expect(pushPayload({ title: "a", body: "b", url: "//evil.example", tag: "k" }).url).toBe("/");
    expect(pushPayload({ title: "a", body: "b", url: "/parent/invoices", tag: "k" }).url).toBe("/parent/invoices");
  });
});
