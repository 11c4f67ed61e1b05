/**
 * Live tracking in workerd (ADR 0055): the run's Durable Object accepts a parent's WebSocket (the
 * Hibernation API, through the Worker's route and checks), sends the run's view at once, and fans
 * out the driver's position posted through the Worker to the same object.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { children, drivers, parents, riders, routeStops, routes, schools, trips } from "#db/schema/index.ts";
import { todayIn } from "#shared/school-time.ts";
import { sessionCookieName } from "#worker/auth/cookie.ts";
import { createSession } from "#worker/auth/session.ts";
import { APP_ORIGIN, testDb, unique } from "./support/worker-env.ts";

const cookieOf = (token: string) => `${sessionCookieName({ secureCookies: true })}=${token}`;

async function seedRun() {
  const db = testDb();
  const now = new Date();
  const [school] = await db
    .insert(schools)
    .values({
      name: "Workerd Primary",
      email: `${unique("office")}@schoolride.test`,
      code: unique("L").slice(0, 12),
      subscriptionStatus: "active",
      timeZone: "UTC",
    })
    .returning();
  const schoolId = school!.id;
  const [parent] = await db
    .insert(parents)
    .values({ schoolId, email: `${unique("parent")}@schoolride.test`, name: "Dana Rivers", passwordHash: "x" })
    .returning();
  const [driver] = await db
    .insert(drivers)
    .values({ schoolId, email: `${unique("driver")}@schoolride.test`, name: "Sam Driver", passwordHash: "x" })
    .returning();
  const [route] = await db
    .insert(routes)
    .values({
      schoolId,
      name: "North loop",
      direction: "pickup",
      colour: "#1f77b4",
      driverName: "Sam",
      activeFrom: "2026-01-01",
      weekdays: 127,
    })
    .returning();
  const [stop] = await db
    .insert(routeStops)
    .values({
      schoolId,
      routeId: route!.id,
      position: 0,
      name: "Oak & 5th",
      latitude: 41.77,
      longitude: -88.15,
      scheduledMinutes: 1439,
    })
    .returning();
  const [child] = await db
    .insert(children)
    .values({
      schoolId,
      parentId: parent!.id,
      name: "Ada",
      age: 9,
      grade: "4th Grade",
      school: "Maple",
      emergencyContact: "Gran",
    })
    .returning();
  const today = todayIn("UTC", now);
  await db.insert(riders).values({
    schoolId,
    childId: child!.id,
    routeId: route!.id,
    stopId: stop!.id,
    direction: "pickup",
    weekdays: 127,
    fromDate: "2026-01-01",
  });
  const [run] = await db
    .insert(trips)
    .values({
      schoolId,
      routeName: "North loop",
      routeType: "pickup",
      busNumber: "12",
      driverName: "Sam",
      departureTime: now,
      arrivalTime: new Date(now.getTime() + 3_600_000),
      status: "in-progress",
      routeId: route!.id,
      serviceDate: today,
      startedAt: new Date(now.getTime() - 60_000),
      driverId: driver!.id,
    })
    .returning();
  const session = async (userId: string, role: "parent" | "driver") =>
    cookieOf((await createSession(db, { userId, role, remember: false, now })).token);
  return {
    runId: run!.id,
    parentCookie: await session(parent!.id, "parent"),
    driverCookie: await session(driver!.id, "driver"),
  };
}

describe("the live run's Durable Object", () => {
  it("accepts a parent's WebSocket, sends the run at once, and fans out the driver's position", async () => {
    const { runId, parentCookie, driverCookie } = await seedRun();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/live/runs/${runId}/socket`, {
      headers: { Upgrade: "websocket", Cookie: parentCookie, Origin: APP_ORIGIN },
    });
    expect(response.status).toBe(101);
    const socket = (response as Response & { webSocket: WebSocket & { accept(): void } }).webSocket;
    const messages: { type: string; run: { audience: string; position: { latitude: number } | null } }[] = [];
    socket.addEventListener("message", (event) => {
      messages.push(JSON.parse(String(event.data)));
    });
    socket.accept();
    await expect.poll(() => messages.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(messages[0]).toMatchObject({ type: "run", run: { audience: "parent", position: null } });

    const batch = await exports.default.fetch(`${APP_ORIGIN}/api/live/runs/${runId}/batch`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: driverCookie, Origin: APP_ORIGIN },
      body: JSON.stringify({
        items: [
          {
            kind: "position",
            clientId: "w1",
            at: Date.now(),
            latitude: 41.7,
            longitude: -88.15,
            accuracy: 8,
            speed: 9,
            heading: 0,
          },
        ],
      }),
    });
    expect(batch.status).toBe(200);
    expect(await batch.json()).toMatchObject({ acknowledged: ["w1"], refused: [] });
    await expect.poll(() => messages.at(-1)?.run.position?.latitude, { timeout: 10_000 }).toBe(41.7);
    socket.close(1000, "done");
  });

  it("refuses a socket from another origin before the object is reached", async () => {
    const { runId, parentCookie } = await seedRun();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/live/runs/${runId}/socket`, {
      headers: { Upgrade: "websocket", Cookie: parentCookie, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});
