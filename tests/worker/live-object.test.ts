/**
 * The live run's Durable Object itself, in workerd (ADR 0055), with the object helpers of
 * @cloudflare/vitest-plugin: an object evicted mid-run (a new instance, its storage and hibernated
 * sockets kept) has lost nothing and tells nobody twice, a boarding nor a drop at the school; its alarm marks the bus stale 60 s after the
 * last position and closes the parents' sockets 15 minutes after the end.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attendance, liveNotices, notifications, runPositions, trips } from "#db/schema/index.ts";
import { LIVE_OBJECT_ORIGIN } from "#worker/live/do-hub.ts";
import { seedRun } from "./support/live-run.ts";
import { APP_ORIGIN, testDb } from "./support/worker-env.ts";

type Message = {
  type: string;
  run: {
    status: string;
    stale: boolean;
    position: { latitude: number } | null;
    riders: { childId: string; attendance: { status: string } | null; boarding: { status: string } | null }[];
  };
};

const MINUTE = 60_000;
const objectOf = (runId: string) => env.LIVE_RUNS!.get(env.LIVE_RUNS!.idFromName(runId));

/** A parent's WebSocket through the Worker's route and checks, with what it receives and how it closes. */
async function watch(runId: string, cookie: string) {
  const response = await exports.default.fetch(`${APP_ORIGIN}/api/live/runs/${runId}/socket`, {
    headers: { Upgrade: "websocket", Cookie: cookie, Origin: APP_ORIGIN },
  });
  expect(response.status).toBe(101);
  const socket = (response as Response & { webSocket: WebSocket & { accept(): void } }).webSocket;
  const messages: Message[] = [];
  socket.addEventListener("message", (event) => {
    messages.push(JSON.parse(String(event.data)) as Message);
  });
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
  socket.accept();
  await expect.poll(() => messages.length, { timeout: 10_000 }).toBeGreaterThan(0);
  return { socket, messages, closed };
}

function post(runId: string, cookie: string, items: unknown[]) {
  return exports.default.fetch(`${APP_ORIGIN}/api/live/runs/${runId}/batch`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: APP_ORIGIN },
    body: JSON.stringify({ items }),
  });
}

const position = (clientId: string, latitude: number, at = Date.now()) => ({
  kind: "position",
  clientId,
  at,
  latitude,
  longitude: -88.15,
  accuracy: 8,
  speed: 9,
  heading: 0,
});

describe("the live run's Durable Object, restarted and woken by its alarm", () => {
  it("an object evicted mid-run loses no state and repeats no notice; its hibernated socket still hears the run", async () => {
    const seeded = await seedRun();
    const { runId, driverCookie } = seeded;
    const db = testDb();
    const parent = await watch(runId, seeded.parentCookie);
    const boarded = {
      kind: "tap",
      clientId: "tap-1",
      at: Date.now(),
      childId: seeded.childId,
      stopId: seeded.stopId,
      status: "boarded",
      latitude: 41.77,
      longitude: -88.15,
    };
    const first = [position("p1", 41.7699), boarded];
    const answer = await post(runId, driverCookie, first);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ acknowledged: ["p1", "tap-1"], refused: [] });
    await expect
      .poll(() => parent.messages.at(-1)?.run.riders[0]?.attendance?.status, { timeout: 10_000 })
      .toBe("boarded");
    const told = () =>
      db
        .select({ title: notifications.title })
        .from(notifications)
        .where(eq(notifications.recipientId, seeded.parentId));
    const keys = () => db.select({ key: liveNotices.key }).from(liveNotices).where(eq(liveNotices.runId, runId));
    const toldBefore = await told();
    const keysBefore = await keys();
    expect(toldBefore.filter((n) => /boarded/i.test(n.title))).toHaveLength(1);

    const object = objectOf(runId);
    await runInDurableObject<{ generation?: string }, void>(object, (instance) => {
      instance.generation = "before the restart";
    });
    await evictDurableObject(object);
    // A new instance, the same storage, the parent's socket hibernated rather than closed.
    const after = await runInDurableObject<{ generation?: string }, [string | undefined, string | undefined, number]>(
      object,
      async (instance, state) => [
        instance.generation,
        await state.storage.get<string>("runId"),
        state.getWebSockets().length,
      ],
    );
    expect(after).toEqual([undefined, runId, 1]);

    // The phone replays the batch whose answer it lost, taps Boarded again, and carries on.
    const retap = { ...boarded, clientId: "tap-2", at: Date.now() };
    const again = await post(runId, driverCookie, [...first, retap, position("p2", 41.7698)]);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ acknowledged: ["p1", "tap-1", "tap-2", "p2"], refused: [] });
    await expect.poll(() => parent.messages.at(-1)?.run.position?.latitude, { timeout: 10_000 }).toBe(41.7698);
    expect(parent.messages.at(-1)?.run.riders[0]?.attendance?.status).toBe("boarded");

    expect(await told()).toEqual(toldBefore);
    expect(await keys()).toEqual(keysBefore);
    const stored = await db
      .select({ clientId: runPositions.clientId })
      .from(runPositions)
      .where(eq(runPositions.runId, runId))
      .orderBy(runPositions.deviceAt);
    expect(stored.map((row) => row.clientId)).toEqual(["p1", "p2"]);
    const rows = await db
      .select({ status: attendance.status })
      .from(attendance)
      .where(and(eq(attendance.runId, runId), eq(attendance.childId, seeded.childId)));
    expect(rows).toEqual([{ status: "boarded" }]);
    parent.socket.close(1000, "done");
  });

  it("a pickup at the school drops the child on board once, beside the boarding; an evicted object re-ingesting the batch repeats nothing", async () => {
    const seeded = await seedRun();
    const { runId, driverCookie } = seeded;
    const db = testDb();
    const parent = await watch(runId, seeded.parentCookie);
    const start = Date.now() - 50_000;
    const boarded = {
      kind: "tap",
      clientId: "tap-1",
      at: start,
      childId: seeded.childId,
      stopId: seeded.stopId,
      status: "boarded",
      latitude: 41.77,
      longitude: -88.15,
    };
    // Oak & 5th, Ada boards, and 45 s later the bus is at the school (1.1 km north).
    const batch = [position("p1", 41.7699, start), boarded, position("p2", 41.7799, start + 45_000)];
    const answer = await post(runId, driverCookie, batch);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ acknowledged: ["p1", "tap-1", "p2"], refused: [] });
    await expect
      .poll(() => parent.messages.at(-1)?.run.riders[0]?.attendance?.status, { timeout: 10_000 })
      .toBe("dropped");
    expect(parent.messages.at(-1)?.run.riders[0]?.boarding?.status).toBe("boarded");
    const rows = () =>
      db
        .select({ status: attendance.status, stopId: attendance.stopId, at: attendance.at })
        .from(attendance)
        .where(eq(attendance.runId, runId))
        .orderBy(attendance.at);
    // The drop stays beside the boarding: when and where Ada got on is not lost.
    const dropped = [
      { status: "boarded", stopId: seeded.stopId, at: new Date(start) },
      { status: "dropped", stopId: seeded.schoolStopId, at: new Date(start + 45_000) },
    ];
    expect(await rows()).toEqual(dropped);
    const told = () =>
      db
        .select({ title: notifications.title, message: notifications.message })
        .from(notifications)
        .where(eq(notifications.recipientId, seeded.parentId));
    const keys = () => db.select({ key: liveNotices.key }).from(liveNotices).where(eq(liveNotices.runId, runId));
    const toldBefore = await told();
    const keysBefore = await keys();
    expect(toldBefore.filter((n) => /dropped/i.test(n.title))).toEqual([
      { title: "Ada dropped off", message: expect.stringMatching(/^Ada was dropped off at Workerd Primary at /) },
    ]);

    await evictDurableObject(objectOf(runId));
    // The restarted object gets the same batch again (the phone lost the answer), and one more position.
    const again = await post(runId, driverCookie, [...batch, position("p3", 41.78, start + 50_000)]);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ acknowledged: ["p1", "tap-1", "p2", "p3"], refused: [] });
    await expect.poll(() => parent.messages.at(-1)?.run.position?.latitude, { timeout: 10_000 }).toBe(41.78);
    expect(await rows()).toEqual(dropped);
    expect(await told()).toEqual(toldBefore);
    expect(await keys()).toEqual(keysBefore);
    parent.socket.close(1000, "done");
  });

  it("the alarm marks the bus stale 60 s after its last position, and closes the parents' sockets 15 minutes after the end", async () => {
    const seeded = await seedRun();
    const { runId } = seeded;
    const db = testDb();
    const object = objectOf(runId);
    const parent = await watch(runId, seeded.parentCookie);
    const at = Date.now();
    expect((await post(runId, seeded.driverCookie, [position("p1", 41.7, at)])).status).toBe(200);
    await expect.poll(() => parent.messages.at(-1)?.run.position?.latitude, { timeout: 10_000 }).toBe(41.7);
    expect(parent.messages.at(-1)?.run.stale).toBe(false);
    const alarm = () => runInDurableObject(object, (_instance, state) => state.storage.getAlarm());
    expect(await alarm()).toBe(at + MINUTE);

    // 61 s without a position: the same as the last one being 61 s older when the alarm rings.
    await db
      .update(runPositions)
      .set({ deviceAt: new Date(at - 61_000) })
      .where(eq(runPositions.runId, runId));
    const count = parent.messages.length;
    expect(await runDurableObjectAlarm(object)).toBe(true);
    await expect.poll(() => parent.messages.length, { timeout: 10_000 }).toBeGreaterThan(count);
    expect(parent.messages.at(-1)?.run).toMatchObject({ stale: true, position: { latitude: 41.7 } });
    // Stale until the next position, which wakes the object anyway: no alarm is left.
    expect(await alarm()).toBeNull();

    // The run ended 5 minutes ago: the parent still watches, until the end's 15 minutes are up.
    const endedAt = new Date(Date.now() - 5 * MINUTE);
    await db.update(trips).set({ endedAt, status: "completed" }).where(eq(trips.id, runId));
    const before = parent.messages.length;
    const changed = await object.fetch(new Request(`${LIVE_OBJECT_ORIGIN}/changed?run=${runId}`, { method: "POST" }));
    expect(changed.status).toBe(204);
    expect(await alarm()).toBe(endedAt.getTime() + 15 * MINUTE + 1000);
    await expect.poll(() => parent.messages.length, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(parent.messages.at(-1)?.run).toMatchObject({ status: "completed", stale: false });

    // 16 minutes after the end, the alarm closes the parent's socket and is not set again.
    await db
      .update(trips)
      .set({ endedAt: new Date(Date.now() - 16 * MINUTE) })
      .where(eq(trips.id, runId));
    expect(await runDurableObjectAlarm(object)).toBe(true);
    expect(await parent.closed).toBe(4403);
    expect(await alarm()).toBeNull();
  });
});
