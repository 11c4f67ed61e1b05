import { and, eq, gte, lt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { schools, trips } from "#db/schema/index.ts";
import { localDate, shiftDate, todayIn, weekday, weekRange, zonedInstant } from "#shared/school-time.ts";

/** Maple Grove's buses: three routes, two buses each, a pickup and a drop-off every school day. */
export const DEMO_BUSES = [
  {
    routeName: "North Loop",
    busNumber: "12",
    driverName: "Dana Brooks",
    pickup: ["07:30", "08:15"],
    dropoff: ["15:00", "15:45"],
    students: 28,
    stops: 9,
  },
  {
    routeName: "North Loop",
    busNumber: "14",
    driverName: "Sam Okafor",
    pickup: ["07:40", "08:20"],
    dropoff: ["15:10", "15:50"],
    students: 22,
    stops: 7,
  },
  {
    routeName: "River Road",
    busNumber: "7",
    driverName: "Chris Patel",
    pickup: ["07:20", "08:05"],
    dropoff: ["15:05", "15:50"],
    students: 31,
    stops: 11,
  },
  {
    routeName: "River Road",
    busNumber: "9",
    driverName: "Maria Gomez",
    pickup: ["07:35", "08:10"],
    dropoff: ["15:15", "15:55"],
    students: 19,
    stops: 6,
  },
  {
    routeName: "Hillside",
    busNumber: "3",
    driverName: "Tom Becker",
    pickup: ["07:25", "08:10"],
    dropoff: ["15:00", "15:40"],
    students: 24,
    stops: 8,
  },
  {
    routeName: "Hillside",
    busNumber: "5",
    driverName: "Lena Fischer",
    pickup: ["07:45", "08:25"],
    dropoff: ["15:20", "16:00"],
    students: 17,
    stops: 5,
  },
] as const;

function statusAt(departure: Date, arrival: Date, now: Date) {
  if (arrival <= now) return "completed" as const;
  if (departure <= now) return "in-progress" as const;
  return "scheduled" as const;
}

/**
 * Keeps the demo alive: when the demo school has no trip in the coming seven days, fills every school
 * day (Monday to Friday) of this week and the next that has no trip yet, in the school's zone, with
 * past trips completed and the one under way in progress. Called at every local start.
 */
export async function seedDemoWeek(db: Db, schoolId: string, now: Date): Promise<number> {
  const [school] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  if (!school) return 0;
  const zone = school.timeZone;
  const coming = await db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        eq(trips.schoolId, schoolId),
        gte(trips.departureTime, now),
        lt(trips.departureTime, new Date(now.getTime() + 7 * 86_400_000)),
      ),
    )
    .limit(1);
  if (coming.length > 0) return 0;
  const week = weekRange(todayIn(zone, now), zone);
  const until = zonedInstant(shiftDate(week.from, 14), "00:00", zone);
  const existing = await db
    .select({ departureTime: trips.departureTime })
    .from(trips)
    .where(and(eq(trips.schoolId, schoolId), gte(trips.departureTime, week.start), lt(trips.departureTime, until)));
  const busyDays = new Set(existing.map((trip) => localDate(trip.departureTime, zone)));
  const rows = [];
  for (let offset = 0; offset < 14; offset++) {
    const date = shiftDate(week.from, offset);
    const day = weekday(date);
    if (day === 0 || day === 6 || busyDays.has(date)) continue;
    for (const bus of DEMO_BUSES) {
      for (const routeType of ["pickup", "dropoff"] as const) {
        const [from, to] = bus[routeType];
        const departureTime = zonedInstant(date, from, zone);
        const arrivalTime = zonedInstant(date, to, zone);
        rows.push({
          schoolId,
          routeName: bus.routeName,
          routeType,
          busNumber: bus.busNumber,
          driverName: bus.driverName,
          departureTime,
          arrivalTime,
          studentsCount: routeType === "pickup" ? bus.students : bus.students - 2,
          stops: bus.stops,
          status: statusAt(departureTime, arrivalTime, now),
          createdAt: now,
          updatedAt: now,
        });
      }
    }
  }
  for (let start = 0; start < rows.length; start += 100) await db.insert(trips).values(rows.slice(start, start + 100));
  return rows.length;
}
