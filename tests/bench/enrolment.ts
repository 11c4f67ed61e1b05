/**
 * The flight-trip parts of the bench: the data the parent's Flight Trips list reads, and the
 * enrolment path under 20 concurrent enrolments into a trip of capacity 5 (latency, and that the
 * capacity holds: exactly 5 seats taken, every other answer "This trip is full.").
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { createDatabase, type Db } from "#db/client.ts";
import { applyMigrations } from "#db/migrate.ts";
import { flightTripEnrollments, parents } from "#db/schema/index.ts";
import { FLIGHT_TRIP_MESSAGES, SEAT_HOLDING_STATUSES } from "#shared/flight-trip-texts.ts";
import { sessionCookieName } from "#worker/auth/cookie.ts";
import { createSession } from "#worker/auth/session.ts";
import { loadConfig } from "#worker/config.ts";
import { ENROLLMENT_FORM, seedChild, seedEnrollment, seedFlightTrip } from "../support/flight-trips.ts";
import { benchApp } from "./apps.ts";
import { median } from "./report.ts";
import { benchUsers } from "./seed.ts";

/** Twelve upcoming trips of the bench school, the bench parent's two children, and a few enrolments. */
export async function seedFlightTripsFor(db: Db, home: { schoolId: string; parentId: string }): Promise<void> {
  const children = [
    await seedChild(db, { ...home, name: "Bench Child A" }),
    await seedChild(db, { ...home, name: "Bench Child B" }),
  ];
  for (let i = 0; i < 12; i++) {
    const month = String(1 + (i % 12)).padStart(2, "0");
    const trip = await seedFlightTrip(db, {
      schoolId: home.schoolId,
      departureDate: `2099-${month}-10`,
      returnDate: `2099-${month}-12`,
      enrollmentDeadline: `2099-${month}-01`,
      capacity: i % 2 === 0 ? 30 : null,
    });
    if (i % 3 === 0)
      await seedEnrollment(db, {
        ...home,
        flightTripId: trip.id,
        childId: children[i % 2]!.id,
        status: "confirmed",
        paymentStatus: "partial",
        amountPaidCents: 10_000,
      });
  }
}

export type EnrolmentBench = {
  requests: number;
  capacity: number;
  seatsTaken: number;
  full: number;
  unexpected: number;
  p50_ms: number;
  p99_ms: number;
};

/**
 * `count` parents of one school each enrol their child into the same trip at once, through the
 * real app in-process (the tRPC mutation, Checkout on the local Stripe simulator), on a fresh database.
 */
export async function concurrentEnrollments(appUrl: string, count = 20, capacity = 5): Promise<EnrolmentBench> {
  const dir = mkdtempSync(join(tmpdir(), "schoolride-bench-enrol-"));
  const db = createDatabase({ url: `file:${join(dir, "bench.db")}` });
  try {
    await applyMigrations(db);
    const config = loadConfig({ APP_URL: appUrl });
    const { home } = await benchUsers(db, config);
    const trip = await seedFlightTrip(db, {
      schoolId: home.schoolId,
      departureDate: "2099-05-10",
      returnDate: "2099-05-12",
      enrollmentDeadline: "2099-05-01",
      capacity,
    });
    const families: { cookie: string; childId: string }[] = [];
    for (let i = 0; i < count; i++) {
      const [parent] = await db
        .insert(parents)
        .values({
          schoolId: home.schoolId,
          email: `enrol-${i}-${Date.now()}@bench.example`,
          name: `Enrolling Parent ${i}`,
          passwordHash: "x",
        })
        .returning();
      const child = await seedChild(db, {
        schoolId: home.schoolId,
        parentId: parent!.id,
        name: `Enrolling Child ${i}`,
      });
      const { token } = await createSession(db, {
        userId: parent!.id,
        role: "parent",
        remember: false,
        now: new Date(),
      });
      families.push({ cookie: `${sessionCookieName(config)}=${token}`, childId: child.id });
    }
    const app = benchApp(db, appUrl);
    const enrol = async ({ cookie, childId }: { cookie: string; childId: string }, tripId: string) => {
      const started = performance.now();
      const response = await app.request(`${appUrl}/api/trpc/parent.flightTrips.enroll`, {
        method: "POST",
        headers: { cookie, origin: appUrl, "content-type": "application/json" },
        body: JSON.stringify({ json: { tripId, enrollment: { ...ENROLLMENT_FORM, childId } } }),
      });
      const text = await response.text();
      return {
        ms: performance.now() - started,
        ok: response.status === 200,
        full: text.includes(FLIGHT_TRIP_MESSAGES.full),
      };
    };
    // Warm the path (JIT, prepared statements) on another trip, as a running server would be.
    const warmUp = await seedFlightTrip(db, {
      schoolId: home.schoolId,
      departureDate: "2099-06-10",
      returnDate: "2099-06-12",
      enrollmentDeadline: "2099-06-01",
    });
    for (const family of families.slice(0, 3)) await enrol(family, warmUp.id);
    const answers = await Promise.all(families.map((family) => enrol(family, trip.id)));
    const seatsTaken = await db.$count(
      flightTripEnrollments,
      and(
        eq(flightTripEnrollments.flightTripId, trip.id),
        inArray(flightTripEnrollments.status, SEAT_HOLDING_STATUSES),
      ),
    );
    const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    return {
      requests: count,
      capacity,
      seatsTaken,
      full: answers.filter((answer) => answer.full).length,
      unexpected: answers.filter((answer) => !answer.ok && !answer.full).length,
      p50_ms: median(sorted),
      p99_ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!,
    };
  } finally {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
