import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import {
  attendance,
  buses,
  drivers,
  routeStops,
  routes,
  runPositions,
  runStopVisits,
  schools,
  trips,
} from "#db/schema/index.ts";
import type { IngestBatch, LiveItem } from "#shared/live.ts";
import { haversineMeters } from "#shared/route-order.ts";
import { minutesToTime } from "#shared/route-texts.ts";
import { localTime, todayIn, zonedInstant } from "#shared/school-time.ts";
import { hashPassword } from "../auth/password.ts";
import type { AppDeps, RunSimulator } from "../deps.ts";
import type { LiveCaller } from "../live/hub.ts";
import type { DriverScope } from "../services/_shared/scope.ts";
import { loadRunState } from "../services/live/run-state.ts";
import { endRun, startRun } from "../services/live/runs.ts";
import { demoRoute } from "./demo-routes.ts";

/**
 * DEV ONLY — "Simulate a run" (issue 28 item 8): a demo bus driven along a seeded route's real stops,
 * so a newcomer sees the live board and the parent's view move without a phone. Local mode on the
 * Node entry only: `/dev/live/simulate` exists nowhere else, and production has no /dev at all.
 *
 * It goes through the engine as a driver would: the run's driver (a dev-only driver account, so
 * the demo driver's own runs stay theirs) starts the run with the service, then sends a batch every
 * few seconds to the live hub — positions interpolated between the stops, and at each stop a
 * Boarded (pickup) or Dropped (drop-off) tap for its riders — and ends it after the last stop.
 *
 * Today's run of the route is made, or taken when nobody drove it (scheduled, no driver), or emptied
 * when the simulator drove it before (its positions, visits and taps; the notices' keys stay, so a
 * parent is told each thing once a day). A run that is a real driver's, started, ended or cancelled
 * is left alone: the simulator refuses (the demo loop tries again later). So that "on time" means
 * something at any hour, the route's timetable is moved to the simulated pace while it runs, then
 * put back as it was. Closing (the server stopping) ends the simulated run; after a crash mid-run,
 * `recover` at the next start ends the run left open and puts the seeded timetable back (ADR 0060).
 */

/** River Road's morning run (bus 7): Leo, the demo parent's child, boards at its fourth stop. */
export const SIMULATED_ROUTE_ID = "demo-route-7-pickup";
export const SIMULATOR_DRIVER = {
  id: "00000000-0000-4000-8000-000000000109",
  email: "simulator@maple.example.com",
  name: "Chris Patel (simulated)",
} as const;

export type SimulatorOptions = {
  /** Between two batches (a phone sends about every 5 s while moving). */
  stepMs?: number;
  /** The bus's pace between stops, metres per second (under the engine's 45 m/s plausibility limit). */
  speedMps?: number;
  /** Standing at a stop. */
  dwellMs?: number;
  /** A leg takes at least this long. */
  minLegMs?: number;
  /** Start again this long after a run ends (the Node entry's demo loop); never when absent. */
  loopAfterMs?: number;
};

type Plan = {
  runId: string;
  schoolId: string;
  stops: { id: string; lat: number; lng: number }[];
  /** When the bus arrives at each stop, ms after the start. */
  arrivals: number[];
  startedAt: number;
  tapped: Set<string>;
  counter: number;
  /** The route's timetable before the simulation (stop id → minutes), put back at the end. */
  timetable: Map<string, number>;
  caller: LiveCaller;
  scope: DriverScope;
};

/** Sets a route's stop times (minutes after midnight, on the school's clock) stop by stop. */
async function setRouteTimetable(
  deps: AppDeps,
  routeId: string,
  minutesOf: (stop: { id: string; position: number }) => number | undefined,
) {
  const { db } = deps;
  const stops = await db
    .select({ id: routeStops.id, position: routeStops.position })
    .from(routeStops)
    .where(eq(routeStops.routeId, routeId));
  for (const stop of stops) {
    const minutes = minutesOf(stop);
    if (minutes !== undefined)
      await db.update(routeStops).set({ scheduledMinutes: minutes }).where(eq(routeStops.id, stop.id));
  }
}

/** The simulator acting as its driver in the school: the live hub's caller and the services' scope. */
function asDriver(deps: AppDeps, schoolId: string, timeZone: string) {
  const actor = {
    id: SIMULATOR_DRIVER.id,
    role: "driver" as const,
    schoolId,
    name: SIMULATOR_DRIVER.name,
    email: SIMULATOR_DRIVER.email,
  };
  const meta = { requestId: null, ipAddress: null, userAgent: "SchoolRide run simulator (dev only)" };
  const caller: LiveCaller = {
    actor,
    schoolId,
    timeZone,
    phoneRegion: null,
    meta,
    extra: { driverId: SIMULATOR_DRIVER.id },
  };
  const scope = {
    deps,
    now: deps.now(),
    actor,
    meta,
    schoolId,
    timeZone,
    phoneRegion: null,
    driverId: SIMULATOR_DRIVER.id,
  } as DriverScope;
  return { caller, scope };
}

/**
 * After a crash mid-run (the Node entry's start): every simulated run still open is ended and the
 * demo route's seeded timetable put back (another route's moved times cannot be known after a crash:
 * its run is ended, its times stay as the simulation set them). Nothing is touched when the
 * simulator left no open run.
 */
async function recoverSimulations(deps: AppDeps) {
  const open = await deps.db
    .select({ id: trips.id, schoolId: trips.schoolId, timeZone: schools.timeZone })
    .from(trips)
    .innerJoin(schools, eq(schools.id, trips.schoolId))
    .where(and(eq(trips.driverId, SIMULATOR_DRIVER.id), isNotNull(trips.startedAt), isNull(trips.endedAt)));
  if (open.length === 0) return;
  for (const run of open)
    await endRun(asDriver(deps, run.schoolId, run.timeZone).scope, { runId: run.id }).catch(() => undefined);
  const seeded = demoRoute(SIMULATED_ROUTE_ID);
  if (seeded) await setRouteTimetable(deps, SIMULATED_ROUTE_ID, (stop) => seeded.timetable[stop.position]);
}

/** One route's simulation: at most one run of it driving at a time. */
type RouteSimulation = {
  start(schoolId: string, loop: boolean): Promise<{ runId: string } | { error: string }>;
  stop(): Promise<void>;
  current(): string | null;
  /** The school whose run drives (or whose loop waits), if any. */
  school(): string | null;
  close(): Promise<void>;
};

function createRouteSimulation(getDeps: () => AppDeps, options: SimulatorOptions, routeId: string): RouteSimulation {
  const stepMs = options.stepMs ?? 3_000;
  const speed = options.speedMps ?? 30;
  const dwell = options.dwellMs ?? 8_000;
  const minLeg = options.minLegMs ?? 15_000;
  let plan: Plan | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let loopSchool: string | null = null;
  let busy = Promise.resolve();
  /** Set by close(): nothing is scheduled or started any more. */
  let closed = false;
  /** The last refusal the demo loop logged (logged once, not every try). */
  let lastRefusal: string | null = null;

  const later = (ms: number, task: () => Promise<void>) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      busy = busy.then(task).catch((error) => getDeps().logger.error("simulated run failed", { error: String(error) }));
    }, ms);
  };

  const setTimetable = (minutesOf: (stop: { id: string; position: number }) => number | undefined) =>
    setRouteTimetable(getDeps(), routeId, minutesOf);

  const prepare = async (schoolId: string): Promise<Plan | { error: string }> => {
    const deps = getDeps();
    const { db } = deps;
    const now = deps.now();
    const [route] = await db
      .select({ name: routes.name, direction: routes.direction, driverName: routes.driverName, busId: routes.busId })
      .from(routes)
      .where(and(eq(routes.id, routeId), eq(routes.schoolId, schoolId)));
    const [school] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
    if (!route || !school)
      return {
        error:
          routeId === SIMULATED_ROUTE_ID
            ? "Simulate a run drives the demo school's seeded River Road route."
            : "No such route in this school.",
      };
    const stopRows = await db
      .select({
        id: routeStops.id,
        lat: routeStops.latitude,
        lng: routeStops.longitude,
        minutes: routeStops.scheduledMinutes,
      })
      .from(routeStops)
      .where(eq(routeStops.routeId, routeId))
      .orderBy(asc(routeStops.position));
    if (stopRows.length < 2) return { error: `${route.name} has no stops to drive.` };
    // Today's run of the route: the simulator's own, or nobody's yet; never a real driver's (assigned,
    // started or ended on a phone) nor a cancelled one. A status alone is not a driver: the demo week
    // seeds today's trips Departed or Arrived by the clock, and those the simulator takes.
    const today = todayIn(school.timeZone, now);
    const [existing] = await db
      .select({ id: trips.id, driverId: trips.driverId, status: trips.status, startedAt: trips.startedAt })
      .from(trips)
      .where(and(eq(trips.routeId, routeId), eq(trips.serviceDate, today)));
    if (
      existing &&
      existing.driverId !== SIMULATOR_DRIVER.id &&
      (existing.driverId !== null || existing.startedAt !== null || existing.status === "cancelled")
    )
      return {
        error: `Today's ${route.name} run is a driver's own (assigned, started or ended) or cancelled: not simulated.`,
      };
    const [busNumber] = route.busId
      ? await db.select({ number: buses.number }).from(buses).where(eq(buses.id, route.busId))
      : [];
    await db
      .insert(drivers)
      .values({
        id: SIMULATOR_DRIVER.id,
        schoolId,
        email: SIMULATOR_DRIVER.email,
        name: SIMULATOR_DRIVER.name,
        // Nobody signs in as the simulator: a password nobody knows.
        passwordHash: await hashPassword(crypto.randomUUID()),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();

    // The plan: the bus at the first stop in a few seconds, each leg at `speed`, a dwell at each stop.
    const arrivals: number[] = [];
    let at = 2_000;
    stopRows.forEach((stop, index) => {
      if (index > 0) at += dwell + Math.max(minLeg, (haversineMeters(stopRows[index - 1]!, stop) / speed) * 1000);
      arrivals.push(at);
    });
    // The timetable at the simulated pace, on the school's clock, so the board says "on time".
    const [hours, minutes] = localTime(now, school.timeZone).split(":").map(Number) as [number, number];
    const base = hours * 60 + minutes;
    for (const [index, stop] of stopRows.entries())
      await db
        .update(routeStops)
        .set({ scheduledMinutes: Math.min(1439, base + Math.round(arrivals[index]! / 60_000)) })
        .where(eq(routeStops.id, stop.id));

    // Today's run of the route, made or emptied, and given to the simulator's driver.
    const times = {
      departureTime: zonedInstant(today, minutesToTime(base), school.timeZone),
      arrivalTime: zonedInstant(
        today,
        minutesToTime(Math.min(1439, base + Math.ceil(arrivals.at(-1)! / 60_000))),
        school.timeZone,
      ),
    };
    let runId = existing?.id;
    if (runId) {
      const id = runId;
      await db.batch([
        db.delete(runPositions).where(eq(runPositions.runId, id)),
        db.delete(runStopVisits).where(eq(runStopVisits.runId, id)),
        db.delete(attendance).where(eq(attendance.runId, id)),
        db
          .update(trips)
          .set({
            ...times,
            status: "scheduled",
            startedAt: null,
            endedAt: null,
            lastPositionAt: null,
            delaySeconds: null,
            driverId: SIMULATOR_DRIVER.id,
            updatedAt: now,
          })
          .where(eq(trips.id, id)),
      ]);
    } else {
      runId = crypto.randomUUID();
      await db.insert(trips).values({
        id: runId,
        schoolId,
        routeName: route.name,
        routeType: route.direction,
        busNumber: busNumber?.number ?? "",
        driverName: SIMULATOR_DRIVER.name,
        driverId: SIMULATOR_DRIVER.id,
        ...times,
        stops: stopRows.length,
        routeId: routeId,
        serviceDate: today,
        createdAt: now,
        updatedAt: now,
      });
    }
    await deps.live?.changed(runId);

    const { caller, scope } = asDriver(deps, schoolId, school.timeZone);
    // A route without a bus takes one of the school's, as a driver picks one at the start.
    const [bus] = route.busId
      ? [null]
      : await db.select({ id: buses.id }).from(buses).where(eq(buses.schoolId, schoolId)).limit(1);
    await startRun(scope, { runId, busId: bus?.id ?? null });
    return {
      runId,
      schoolId,
      stops: stopRows,
      arrivals,
      startedAt: deps.now().getTime(),
      tapped: new Set(),
      counter: 0,
      timetable: new Map(stopRows.map((stop) => [stop.id, stop.minutes])),
      caller,
      scope,
    };
  };

  /** Where the bus is `elapsed` ms after the start: at a stop (its index) or between two. */
  const whereAt = (current: Plan, elapsed: number) => {
    const { stops, arrivals } = current;
    for (let index = stops.length - 1; index >= 0; index--) {
      const arrived = arrivals[index]!;
      if (elapsed < arrived) continue;
      const stop = stops[index]!;
      if (elapsed <= arrived + dwell || index === stops.length - 1) return { lat: stop.lat, lng: stop.lng, at: index };
      const next = stops[index + 1]!;
      const share = Math.min(1, (elapsed - arrived - dwell) / (arrivals[index + 1]! - arrived - dwell));
      return { lat: stop.lat + (next.lat - stop.lat) * share, lng: stop.lng + (next.lng - stop.lng) * share, at: null };
    }
    return { lat: stops[0]!.lat, lng: stops[0]!.lng, at: null };
  };

  const step = async () => {
    const current = plan;
    if (!current) return;
    const deps = getDeps();
    const now = deps.now().getTime();
    const elapsed = now - current.startedAt;
    const where = whereAt(current, elapsed);
    const items: LiveItem[] = [
      {
        kind: "position",
        clientId: `sim-${current.startedAt}-${++current.counter}`,
        at: now,
        latitude: where.lat,
        longitude: where.lng,
        accuracy: 8,
        speed: where.at === null ? speed : 0,
        heading: null,
      },
    ];
    if (where.at !== null) {
      const stop = current.stops[where.at]!;
      if (!current.tapped.has(stop.id)) {
        current.tapped.add(stop.id);
        const state = await loadRunState(deps.db, current.runId);
        for (const rider of state?.riders ?? [])
          if (rider.stopId === stop.id && !rider.notRiding)
            items.push({
              kind: "tap",
              clientId: `sim-${current.startedAt}-${++current.counter}`,
              at: now,
              childId: rider.childId,
              stopId: stop.id,
              status: state!.run.direction === "pickup" ? "boarded" : "dropped",
              latitude: stop.lat,
              longitude: stop.lng,
            });
      }
    }
    const batch: IngestBatch = { items };
    const answer = await deps.live?.ingest(current.runId, current.caller, batch);
    const closed = !answer || "status" in answer;
    const done = elapsed >= current.arrivals.at(-1)! + dwell;
    if (closed || done) {
      await finish(current, !closed);
      return;
    }
    later(stepMs, step);
  };

  const finish = async (current: Plan, end: boolean) => {
    plan = null;
    if (end) await endRun({ ...current.scope, now: getDeps().now() }, { runId: current.runId }).catch(() => undefined);
    await setTimetable((stop) => current.timetable.get(stop.id));
    again(current.schoolId);
  };

  /** The demo loop: the next simulated run a while after this one (or after a refusal). */
  const again = (schoolId: string) => {
    if (options.loopAfterMs !== undefined && loopSchool === schoolId)
      later(options.loopAfterMs, async () => {
        looped(schoolId, await begin(schoolId));
      });
  };

  /** A refusal in the loop is logged once and tried again later (a real driver's run is left alone). */
  const looped = (schoolId: string, result: { runId: string } | { error: string }) => {
    if (!("error" in result)) {
      lastRefusal = null;
      return;
    }
    if (result.error !== lastRefusal) getDeps().logger.info("simulated run skipped", { reason: result.error });
    lastRefusal = result.error;
    again(schoolId);
  };

  const begin = async (schoolId: string) => {
    if (closed) return { error: "The server is closing." };
    const prepared = await prepare(schoolId);
    if ("error" in prepared) return prepared;
    plan = prepared;
    later(0, step);
    return { runId: prepared.runId };
  };

  const halt = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const current = plan;
    if (current) await finish(current, true);
  };

  return {
    async start(schoolId, loop) {
      loopSchool = loop ? schoolId : null;
      const run = async () => {
        await halt();
        const result = await begin(schoolId);
        if (loop) looped(schoolId, result);
        return result;
      };
      const result = busy.then(run);
      busy = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    async stop() {
      loopSchool = null;
      const result = busy.then(halt);
      busy = result.catch(() => undefined);
      await result;
    },
    current: () => plan?.runId ?? null,
    school: () => plan?.schoolId ?? loopSchool,
    async close() {
      closed = true;
      loopSchool = null;
      // The simulated run ends with the server (as its driver), not left open on the board.
      const result = busy.then(halt);
      busy = result.catch(() => undefined);
      await busy;
    },
  };
}

/**
 * The simulator: one simulation per route, so two routes can drive at once (a journey's own route
 * beside the live board's River Road) and stopping one leaves the other driving. The demo route is
 * the default; the demo loop (`npm start`) drives it only.
 */
export function createRunSimulator(getDeps: () => AppDeps, options: SimulatorOptions = {}): RunSimulator {
  const simulations = new Map<string, RouteSimulation>();
  let closed = false;
  const of = (routeId: string) => {
    let simulation = simulations.get(routeId);
    if (!simulation) {
      simulation = createRouteSimulation(getDeps, options, routeId);
      simulations.set(routeId, simulation);
    }
    return simulation;
  };
  return {
    async start(schoolId, loop = false, routeId = SIMULATED_ROUTE_ID) {
      if (closed) return { error: "The server is closing." };
      // A route drives for one school: another school's start neither halts nor takes it.
      const driving = simulations.get(routeId)?.school();
      if (driving && driving !== schoolId) return { error: "No such route in this school." };
      return of(routeId).start(schoolId, loop && routeId === SIMULATED_ROUTE_ID);
    },
    async stop(schoolId, routeId = SIMULATED_ROUTE_ID) {
      const simulation = simulations.get(routeId);
      // Another school's simulated run is not this school's to stop.
      if (simulation && (simulation.school() ?? schoolId) === schoolId) await simulation.stop();
    },
    current: (routeId = SIMULATED_ROUTE_ID) => simulations.get(routeId)?.current() ?? null,
    recover: () => recoverSimulations(getDeps()),
    async close() {
      closed = true;
      await Promise.all([...simulations.values()].map((simulation) => simulation.close()));
    },
  };
}
