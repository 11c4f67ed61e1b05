import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { buses, routes, trips } from "#db/schema/index.ts";
import { LIVE_MESSAGES as M, type runIdInput, type startRunInput } from "#shared/live.ts";
import { todayIn } from "#shared/school-time.ts";
import type { DriverScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { enqueuePushes } from "../push/outbox.ts";
import { tripChangeNotice } from "../trips/notify.ts";
import { departedNoticeKey, noticeStatements } from "./notify.ts";
import { loadRunState, type RunState } from "./run-state.ts";

/** The driver's own run (their school, assigned to them), or NOT_FOUND as for any foreign id. */
async function ownRun(scope: DriverScope, runId: string): Promise<RunState> {
  const state = await loadRunState(scope.deps.db, runId);
  if (!state || state.run.schoolId !== scope.schoolId || state.run.driverId !== scope.driverId)
    throw new AppError("NOT_FOUND", M.notFound);
  return state;
}

/**
 * Start: one of today's runs of the driver, not started yet (scheduled, or marked Departed by the
 * admin). The bus is the route's; a route without one takes the bus the driver picks. The trip turns
 * Departed (in progress) and the run's parents are told once (`<run>:departed`).
 */
export async function startRun(scope: DriverScope, input: z.infer<typeof startRunInput>) {
  const { db } = scope.deps;
  const state = await ownRun(scope, input.runId);
  const { run } = state;
  if (run.status === "cancelled") throw new AppError("CONFLICT", M.cancelled);
  if (run.startedAt !== null || run.status === "completed") throw new AppError("CONFLICT", M.alreadyStarted);
  if (run.serviceDate !== todayIn(run.timeZone, scope.now)) throw new AppError("CONFLICT", M.notToday);
  const [route] = await db.select({ busId: routes.busId }).from(routes).where(eq(routes.id, run.routeId));
  let bus: { id: string; number: string } | null = null;
  if (!route?.busId) {
    if (!input.busId) throw new AppError("BAD_REQUEST", M.busRequired);
    [bus = null] = await db
      .select({ id: buses.id, number: buses.number })
      .from(buses)
      .where(and(eq(buses.id, input.busId), eq(buses.schoolId, scope.schoolId)));
    if (!bus) throw new AppError("NOT_FOUND", M.busNotFound);
  }
  const changeId = crypto.randomUUID();
  const won = sql`exists (select 1 from ${trips} where ${trips.id} = ${run.id} and ${trips.changeId} = ${changeId})`;
  const after = { ...run, status: "in-progress" as const, busNumber: bus?.number ?? run.busNumber };
  // Parents read when the bus actually left (the driver's Start), not the timetable's departure.
  const departed =
    run.status === "scheduled" ? tripChangeNotice(run, { ...after, departureTime: scope.now }, run.timeZone) : null;
  const noticed = departed
    ? noticeStatements(
        db,
        { ...state, run: after },
        [
          {
            key: departedNoticeKey(run.id),
            parentIds: state.parents.map((parent) => parent.id),
            ...departed,
            category: "trip",
            scope: "run",
            kind: "tripChanged",
          },
        ],
        scope.now,
        won,
      )
    : { statements: [], pushBatches: [] };
  const [claim] = await db.batch([
    db
      .update(trips)
      .set({
        status: "in-progress",
        startedAt: scope.now,
        changeId,
        updatedAt: scope.now,
        ...(bus ? { busId: bus.id, busNumber: bus.number } : {}),
      })
      .where(
        and(
          eq(trips.id, run.id),
          eq(trips.schoolId, scope.schoolId),
          eq(trips.driverId, scope.driverId),
          isNull(trips.startedAt),
          inArray(trips.status, ["scheduled", "in-progress"]),
        ),
      ),
    ...noticed.statements,
    auditInsert(
      db,
      {
        eventType: "run.started",
        description: `Run ${run.routeName} started`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: { tripId: run.id, busNumber: after.busNumber },
        at: scope.now,
      },
      scope.meta,
      won,
    ),
  ]);
  if (claim.rowsAffected !== 1) throw new AppError("CONFLICT", M.alreadyStarted);
  await enqueuePushes(scope.deps, noticed.pushBatches);
  await scope.deps.live?.changed(run.id);
  return { runId: run.id, startedAt: scope.now, busNumber: after.busNumber };
}

/**
 * End: the driver's open run stops taking positions and taps; the trip is Arrived (completed) unless
 * the admin cancelled it meanwhile. Parents may still watch for 15 minutes (LO2).
 */
export async function endRun(scope: DriverScope, input: z.infer<typeof runIdInput>) {
  const { db } = scope.deps;
  const { run } = await ownRun(scope, input.runId);
  if (run.startedAt === null || run.endedAt !== null) throw new AppError("CONFLICT", M.notOpen);
  const changeId = crypto.randomUUID();
  const [claim] = await db.batch([
    db
      .update(trips)
      .set({
        endedAt: scope.now,
        status: sql`case when ${trips.status} = 'cancelled' then 'cancelled' else 'completed' end`,
        changeId,
        updatedAt: scope.now,
      })
      .where(
        and(
          eq(trips.id, run.id),
          eq(trips.driverId, scope.driverId),
          sql`${trips.startedAt} is not null`,
          isNull(trips.endedAt),
        ),
      ),
    auditInsert(
      db,
      {
        eventType: "run.ended",
        description: `Run ${run.routeName} ended`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: { tripId: run.id },
        at: scope.now,
      },
      scope.meta,
      sql`exists (select 1 from ${trips} where ${trips.id} = ${run.id} and ${trips.changeId} = ${changeId})`,
    ),
  ]);
  if (claim.rowsAffected !== 1) throw new AppError("CONFLICT", M.notOpen);
  await scope.deps.live?.changed(run.id);
  return { runId: run.id, endedAt: scope.now };
}
