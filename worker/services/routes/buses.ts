import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { buses, routes } from "#db/schema/index.ts";
import { BUS_MESSAGES, type busIdInput, type createBusInput, type updateBusInput } from "#shared/buses.ts";
import { WEEKDAY_NAMES } from "#shared/route-texts.ts";
import { todayIn } from "#shared/school-time.ts";
import { schoolAudit } from "../_shared/school-audit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { ROUTE_REFUSALS } from "../refusal-texts.ts";
import { generateRuns } from "./runs.ts";
import { busiestDay } from "./seats.ts";

const BUS_COLUMNS = { id: buses.id, number: buses.number, seats: buses.seats, plate: buses.plate };

/** The school's buses, by number, with how many routes use each. */
export async function listBuses(scope: SchoolScope) {
  const rows = await scope.deps.db
    .select({
      ...BUS_COLUMNS,
      routes: sql<number>`(select count(*) from ${routes} r where r.bus_id = "buses"."id")`.mapWith(Number),
    })
    .from(buses)
    .where(eq(buses.schoolId, scope.schoolId))
    .orderBy(asc(buses.number), asc(buses.id));
  return { buses: rows };
}

const isDuplicate = (error: unknown) =>
  String((error as { cause?: unknown })?.cause ?? error).includes("buses_school_number_unique") ||
  String(error).includes("UNIQUE");

export async function createBus(scope: SchoolScope, input: z.infer<typeof createBusInput>) {
  const { db } = scope.deps;
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db
        .insert(buses)
        .values({ id, schoolId: scope.schoolId, ...input.bus, createdAt: scope.now, updatedAt: scope.now }),
      schoolAudit(scope, "bus.created", `Bus ${input.bus.number} added`, { busId: id }),
    ]);
  } catch (error) {
    if (isDuplicate(error)) throw new AppError("CONFLICT", ROUTE_REFUSALS.busDuplicate(input.bus.number));
    throw error;
  }
  return { id };
}

async function findBus(scope: SchoolScope, busId: string) {
  const [bus] = await scope.deps.db
    .select(BUS_COLUMNS)
    .from(buses)
    .where(and(eq(buses.id, busId), eq(buses.schoolId, scope.schoolId)));
  if (!bus) throw new AppError("NOT_FOUND", BUS_MESSAGES.notFound);
  return bus;
}

/** Edit a bus. Fewer seats than a route of it has riders on some weekday is refused, with the numbers. */
export async function updateBus(scope: SchoolScope, input: z.infer<typeof updateBusInput>) {
  const { db } = scope.deps;
  await findBus(scope, input.busId);
  const usedBy = await db
    .select({ id: routes.id })
    .from(routes)
    .where(and(eq(routes.busId, input.busId), eq(routes.schoolId, scope.schoolId)));
  for (const route of usedBy) {
    const busiest = await busiestDay(db, route.id, todayIn(scope.timeZone, scope.now));
    if (busiest && busiest.riders > input.bus.seats)
      throw new AppError(
        "CONFLICT",
        ROUTE_REFUSALS.seatsBelowRiders(input.bus.number, input.bus.seats, busiest.riders, WEEKDAY_NAMES[busiest.day]!),
      );
  }
  try {
    await db.batch([
      db
        .update(buses)
        .set({ ...input.bus, updatedAt: scope.now })
        .where(and(eq(buses.id, input.busId), eq(buses.schoolId, scope.schoolId))),
      schoolAudit(scope, "bus.updated", `Bus ${input.bus.number} updated`, { busId: input.busId }),
    ]);
  } catch (error) {
    if (isDuplicate(error)) throw new AppError("CONFLICT", ROUTE_REFUSALS.busDuplicate(input.bus.number));
    throw error;
  }
  await generateRuns(
    db,
    scope,
    scope.now,
    usedBy.map((route) => route.id),
  );
  return { id: input.busId };
}

/** Remove a bus: its routes keep running without one (no seat bound) until another is chosen. */
export async function deleteBus(scope: SchoolScope, input: z.infer<typeof busIdInput>) {
  const { db } = scope.deps;
  const bus = await findBus(scope, input.busId);
  const usedBy = await db
    .select({ id: routes.id })
    .from(routes)
    .where(and(eq(routes.busId, bus.id), eq(routes.schoolId, scope.schoolId)));
  await db.batch([
    db.delete(buses).where(and(eq(buses.id, bus.id), eq(buses.schoolId, scope.schoolId))),
    schoolAudit(scope, "bus.deleted", `Bus ${bus.number} removed`, { busId: bus.id }),
  ]);
  await generateRuns(
    db,
    scope,
    scope.now,
    usedBy.map((route) => route.id),
  );
  return { id: bus.id };
}
