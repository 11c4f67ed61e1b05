/**
 * A live run seeded straight into the test database, for the workerd tests of the live hub
 * (tests/worker/live*.test.ts): a school, a driver's open pickup run with the child's stop and the
 * school, a child riding it, and the parent's and driver's session cookies.
 */
import { children, drivers, parents, riders, routeStops, routes, schools, trips } from "#db/schema/index.ts";
import { todayIn } from "#shared/school-time.ts";
import { sessionCookieName } from "#worker/auth/cookie.ts";
import { createSession } from "#worker/auth/session.ts";
import { testDb, unique } from "./worker-env.ts";

const cookieOf = (token: string) => `${sessionCookieName({ secureCookies: true })}=${token}`;

/**
 * A school with an open pickup run (its driver started it a minute ago) of two stops, Oak & 5th and
 * the school 1.1 km north (reaching it drops the children on board), one rider at Oak & 5th and
 * their parent, and both sessions.
 */
export async function seedRun() {
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
  const [schoolStop] = await db
    .insert(routeStops)
    .values({
      schoolId,
      routeId: route!.id,
      position: 1,
      name: "Workerd Primary",
      latitude: 41.78,
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
    schoolId,
    stopId: stop!.id,
    schoolStopId: schoolStop!.id,
    childId: child!.id,
    parentId: parent!.id,
    parentCookie: await session(parent!.id, "parent"),
    driverCookie: await session(driver!.id, "driver"),
  };
}
