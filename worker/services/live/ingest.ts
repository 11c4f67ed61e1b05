import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { attendance, runPositions, runStopVisits, trips } from "#db/schema/index.ts";
import type { IngestBatch, LiveItem, PositionItem, TapItem } from "#shared/live.ts";
import { LIVE_MESSAGES as M, phaseOf } from "#shared/live-constants.ts";
import type { LivePosition, StopVisit } from "#shared/live-eta.ts";
import type { DriverScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { enqueuePushes } from "../push/outbox.ts";
import { driverMayPost } from "./access.ts";
import { detectVisits, visitFromTap } from "./arrival.ts";
import { estimateOf, etaPosition, etaStops, etaVisit } from "./eta.ts";
import { approachNotices, lateNotice, lateNoticeKey } from "./notices.ts";
import { attendanceNoticeKey, type LiveNotice, noticeRecipients, noticeStatements } from "./notify.ts";
import { checkSample, MAX_FUTURE_MS } from "./plausibility.ts";
import { loadRunState, type RunState } from "./run-state.ts";
import { approachText, approachWords, attendanceText, attendanceWords, lateText, lateWords } from "./texts.ts";

/** Why an item was refused: the plausibility rules' reasons, or a tap that does not fit the run. */
export type Refusal = { clientId: string; reason: string };

/**
 * What the phone learns of its batch: every client id it may drop from its queue (stored now, stored
 * before, or refused for good), and which were refused and why.
 */
export type IngestResult = { acknowledged: string[]; refused: Refusal[]; state: RunState };

const TAP_STATUSES = { pickup: ["boarded", "absent"], dropoff: ["dropped"] } as const;

/**
 * The driver's batch for their open run (LO1), in the order the phone made it (ADR 0055). Each item
 * is stored once: an id already stored is acknowledged and changes nothing. A position is kept if it
 * is plausible (`checkSample` against the run's last one) and may make an arrival or a departure at a
 * stop; a tap records the child's boarding or drop (a later tap of the same phase by the phone's
 * clock replaces an earlier one) and is the arrival at its stop if no position made one. The run's delay and last position are
 * updated, the last stop reached marks the trip Arrived (and, on a pickup, drops every child on board
 * at the school: `schoolDrops`, a drop row beside each boarding; a boarding corrected to Absent takes
 * its drop away, ADR 0073), and the notices now due are written once under their keys — all in
 * one batch. The hub calls this one batch at a time per run. The run is read
 * once, at the start; the state returned (the watchers' views) is that read with this batch's writes
 * applied, as the database now holds it, so no second read follows the write (ADR 0064).
 */
export async function ingest(scope: DriverScope, runId: string, batch: IngestBatch): Promise<IngestResult> {
  const { db } = scope.deps;
  const state = await loadRunState(db, runId);
  if (!state || state.run.schoolId !== scope.schoolId || state.run.driverId !== scope.driverId)
    throw new AppError("NOT_FOUND", M.notFound);
  if (!driverMayPost(state, scope.driverId, scope.schoolId)) throw new AppError("CONFLICT", M.notOpen);
  const now = scope.now;
  const ids = batch.items.map((item) => item.clientId);
  const [storedPositions, storedTaps] = await db.batch([
    db
      .select({ clientId: runPositions.clientId })
      .from(runPositions)
      .where(and(eq(runPositions.runId, runId), inArray(runPositions.clientId, ids))),
    db
      .select({ clientId: attendance.clientId })
      .from(attendance)
      .where(and(eq(attendance.runId, runId), inArray(attendance.clientId, ids))),
  ]);
  const seen = new Set([...storedPositions, ...storedTaps].map((row) => row.clientId));
  const stops = etaStops(state);
  const stopsById = new Map(state.stops.map((stop) => [stop.id, stop]));
  const riders = new Map(state.riders.map((rider) => [rider.childId, rider]));
  const startedAt = state.run.startedAt!.getTime();
  let visits: StopVisit[] = state.visits.map(etaVisit);
  let last: LivePosition | null = state.position ? etaPosition(state.position) : null;
  /** The batch's newest accepted position, if newer than the run's: the run's position after it. */
  let newest: PositionItem | null = null;
  const positions: (typeof runPositions.$inferInsert)[] = [];
  const taps = new Map<string, TapItem>();
  const refused: Refusal[] = [];
  const acknowledged: string[] = [];

  const refuseTap = (tap: TapItem): string | null => {
    const rider = riders.get(tap.childId);
    if (!rider) return "child";
    if (!stopsById.has(tap.stopId)) return "stop";
    if (!(TAP_STATUSES[state.run.direction] as readonly string[]).includes(tap.status)) return "status";
    if (tap.at > now.getTime() + MAX_FUTURE_MS) return "future";
    if (tap.at < startedAt) return "before-start";
    return null;
  };

  for (const item of batch.items as LiveItem[]) {
    acknowledged.push(item.clientId);
    if (seen.has(item.clientId)) continue;
    seen.add(item.clientId);
    if (item.kind === "position") {
      const sample: LivePosition = {
        at: item.at,
        lat: item.latitude,
        lng: item.longitude,
        accuracyM: item.accuracy,
        speedMps: item.speed,
      };
      const check = checkSample(last, sample, { now: now.getTime(), runStartedAt: startedAt });
      if (!check.ok) {
        refused.push({ clientId: item.clientId, reason: check.reason });
        continue;
      }
      positions.push({
        runId,
        schoolId: state.run.schoolId,
        driverId: scope.driverId,
        clientId: item.clientId,
        deviceAt: new Date(item.at),
        receivedAt: now,
        latitude: item.latitude,
        longitude: item.longitude,
        accuracy: item.accuracy,
        speed: item.speed,
        heading: item.heading,
      });
      visits = detectVisits(stops, visits, [sample]);
      if (last === null || sample.at > last.at) {
        last = sample;
        newest = item;
      }
    } else {
      const reason = refuseTap(item);
      if (reason) {
        refused.push({ clientId: item.clientId, reason });
        continue;
      }
      visits = visitFromTap(visits, item.stopId, item.at);
      const earlier = taps.get(item.childId);
      if (!earlier || item.at > earlier.at) taps.set(item.childId, item);
    }
  }

  const statements: BatchItem<"sqlite">[] = [];
  if (positions.length > 0) statements.push(db.insert(runPositions).values(positions).onConflictDoNothing());
  const before = new Map(state.visits.map((visit) => [visit.stopId, visit]));
  const changedVisits = visits.filter((visit): visit is StopVisit & { arrivedAt: number } => {
    const old = before.get(visit.stopId);
    return (
      visit.arrivedAt !== null &&
      (!old || old.arrivedAt.getTime() !== visit.arrivedAt || (old.departedAt?.getTime() ?? null) !== visit.departedAt)
    );
  });
  for (const visit of changedVisits)
    statements.push(
      db
        .insert(runStopVisits)
        .values({
          runId,
          stopId: visit.stopId,
          schoolId: state.run.schoolId,
          arrivedAt: new Date(visit.arrivedAt!),
          departedAt: visit.departedAt === null ? null : new Date(visit.departedAt),
          source: visit.source ?? "position",
        })
        .onConflictDoUpdate({
          target: [runStopVisits.runId, runStopVisits.stopId],
          set: {
            arrivedAt: sql`excluded.arrived_at`,
            departedAt: sql`excluded.departed_at`,
            source: sql`excluded.source`,
          },
        }),
    );
  for (const tap of taps.values())
    statements.push(
      db
        .insert(attendance)
        .values({
          schoolId: state.run.schoolId,
          runId,
          childId: tap.childId,
          stopId: tap.stopId,
          status: tap.status,
          at: new Date(tap.at),
          latitude: tap.latitude,
          longitude: tap.longitude,
          clientId: tap.clientId,
          recordedBy: scope.driverId,
          createdAt: now,
        })
        .onConflictDoUpdate({
          // The same phase only: a boarding replaces a boarding (absent, then boarded), never the drop.
          target: [attendance.runId, attendance.childId, attendance.phase],
          set: {
            stopId: sql`excluded.stop_id`,
            status: sql`excluded.status`,
            at: sql`excluded.at`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            clientId: sql`excluded.client_id`,
            recordedBy: sql`excluded.recorded_by`,
          },
          // A replayed or older tap (by the phone's clock) never replaces a newer one.
          setWhere: sql`excluded.at > ${attendance.at}`,
        }),
    );

  // The run as the database holds it once the batch is written: the visits upserted over the ones
  // read, the newest position, the taps that won (a tap replaces the recorded one only if newer).
  const visitsAfter = new Map(state.visits.map((visit) => [visit.stopId, visit]));
  for (const visit of changedVisits)
    visitsAfter.set(visit.stopId, {
      stopId: visit.stopId,
      arrivedAt: new Date(visit.arrivedAt),
      departedAt: visit.departedAt === null ? null : new Date(visit.departedAt),
      source: visit.source ?? "position",
    });
  // Keyed as the unique index is (a tap replaces only its own phase's row); a Map keeps the rows' order.
  const attendanceAfter = new Map(state.attendance.map((row) => [`${row.childId}:${row.phase}`, row]));
  for (const tap of taps.values()) {
    const phase = phaseOf(tap.status);
    const recorded = attendanceAfter.get(`${tap.childId}:${phase}`);
    if (recorded && recorded.at.getTime() >= tap.at) continue;
    attendanceAfter.set(`${tap.childId}:${phase}`, {
      childId: tap.childId,
      phase,
      stopId: tap.stopId,
      status: tap.status,
      at: new Date(tap.at),
      latitude: tap.latitude,
      longitude: tap.longitude,
      clientId: tap.clientId,
    });
  }
  // A boarding corrected to Absent after the school's drop: the correction stands, the drop goes
  // (a child never on board was not dropped anywhere). Boarded again at the school, the child is
  // dropped again below (its notice went the first time).
  const undropped = [...taps.values()]
    .filter((tap) => tap.status === "absent" && attendanceAfter.get(`${tap.childId}:board`)?.clientId === tap.clientId)
    .map((tap) => tap.childId)
    .filter((childId) => attendanceAfter.delete(`${childId}:drop`));
  for (const childId of undropped)
    statements.push(
      db
        .delete(attendance)
        .where(and(eq(attendance.runId, runId), eq(attendance.childId, childId), eq(attendance.phase, "drop"))),
    );
  const after: RunState = {
    ...state,
    visits: [...visitsAfter.values()],
    attendance: [...attendanceAfter.values()],
    position: newest
      ? {
          clientId: newest.clientId,
          at: new Date(newest.at),
          receivedAt: now,
          latitude: newest.latitude,
          longitude: newest.longitude,
          accuracy: newest.accuracy,
          speed: newest.speed,
          heading: newest.heading,
        }
      : state.position,
  };
  const estimate = estimateOf(after, now);
  const lastStop = state.stops.at(-1);
  // The last stop reached by this batch (not before it): the trip turns Arrived once, and an admin's
  // override after that (Departed again) is not flipped back by the positions that follow.
  const arrived =
    lastStop !== undefined &&
    after.visits.some((visit) => visit.stopId === lastStop.id) &&
    !state.visits.some((visit) => visit.stopId === lastStop.id);
  const drops = schoolDrops(state, after, taps, positions);
  for (const drop of drops)
    statements.push(
      db
        .insert(attendance)
        .values({
          schoolId: state.run.schoolId,
          runId,
          childId: drop.childId,
          stopId: drop.stopId,
          status: "dropped",
          at: new Date(drop.at),
          latitude: drop.latitude,
          longitude: drop.longitude,
          clientId: `dropped-at-school:${drop.childId}`,
          recordedBy: scope.driverId,
          createdAt: now,
        })
        // The drop is a row of its own beside the boarding; a child dropped once is never dropped again.
        .onConflictDoNothing({ target: [attendance.runId, attendance.childId, attendance.phase] }),
    );
  const runRow = {
    lastPositionAt: after.position?.at ?? null,
    delaySeconds: estimate.delaySeconds,
    // The last stop just reached: Arrived (the admin can still override it).
    ...(arrived && state.run.status === "in-progress" ? { status: "completed" as const } : {}),
  };
  const runChanged = statements.length > 0 || estimate.delaySeconds !== state.run.delaySeconds;
  if (runChanged)
    statements.push(
      db
        .update(trips)
        .set({ ...runRow, updatedAt: now })
        .where(eq(trips.id, runId)),
    );
  const notices = dueNotices(state, after, taps, drops, estimate);
  const noticed = noticeStatements(db, after, notices, now);
  statements.push(...noticed.statements);
  if (statements.length === 0) return { acknowledged, refused, state };
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await enqueuePushes(scope.deps, noticed.pushBatches);
  const recipientsOf = noticeRecipients(after);
  const claimed = notices.filter((notice) => recipientsOf(notice).length > 0).map((notice) => notice.key);
  return {
    acknowledged,
    refused,
    state: {
      ...after,
      run: runChanged ? { ...after.run, ...runRow } : after.run,
      // The school drops written after the taps, in that order (as a fresh read lists them).
      attendance: [
        ...after.attendance,
        ...drops.map((drop) => ({
          childId: drop.childId,
          phase: "drop" as const,
          stopId: drop.stopId,
          status: "dropped" as const,
          at: new Date(drop.at),
          latitude: drop.latitude,
          longitude: drop.longitude,
          clientId: `dropped-at-school:${drop.childId}`,
        })),
      ],
      sentNotices: claimed.length > 0 ? new Set([...after.sentNotices, ...claimed]) : after.sentNotices,
    },
  };
}

/** A pickup's child delivered at the school: when and where the bus arrived there (or boarded there, if later). */
type SchoolDrop = { childId: string; stopId: string; at: number; latitude: number; longitude: number };

/**
 * On a pickup, the bus at the last stop (the school; arrived by radius or by a first tap there, in
 * this batch or before) drops every child whose boarding, after this batch's taps, is Boarded: a
 * "dropped" row at that stop, at the arrival's time and place, beside the boarding row (which keeps
 * when and where the child got on). Nothing before the school is reached (End run short of it drops
 * nobody), nothing on a drop-off (its driver taps Dropped at each stop), and nothing twice: a child
 * with a drop row is not dropped again, whatever is replayed or reloaded.
 */
function schoolDrops(
  before: RunState,
  after: RunState,
  taps: ReadonlyMap<string, TapItem>,
  positions: readonly (typeof runPositions.$inferInsert)[],
): SchoolDrop[] {
  const school = before.stops.at(-1);
  const visit = school && after.visits.find((candidate) => candidate.stopId === school.id);
  if (before.run.direction !== "pickup" || !school || !visit) return [];
  const arrivedAt = visit.arrivedAt.getTime();
  // Where the bus was when it arrived: the sample or the tap that made the arrival, else the stop itself.
  const sample = positions.find((position) => position.deviceAt!.getTime() === arrivedAt);
  const tap = [...taps.values()].find((item) => item.at === arrivedAt && item.latitude !== null);
  const place = sample
    ? { latitude: sample.latitude, longitude: sample.longitude }
    : tap?.latitude != null && tap.longitude != null
      ? { latitude: tap.latitude, longitude: tap.longitude }
      : before.position?.at.getTime() === arrivedAt
        ? { latitude: before.position.latitude, longitude: before.position.longitude }
        : { latitude: school.latitude, longitude: school.longitude };
  // The drops that stand after this batch (a boarding corrected to Absent took its drop away).
  const dropped = new Set(after.attendance.filter((row) => row.phase === "drop").map((row) => row.childId));
  // Each child's boarding after this batch's taps (a pickup's taps are all boardings).
  const latest = new Map(
    before.attendance
      .filter((row) => row.phase === "board")
      .map((row) => [row.childId, { status: row.status, at: row.at.getTime() }]),
  );
  for (const tap of taps.values()) {
    const old = latest.get(tap.childId);
    if (!old || tap.at > old.at) latest.set(tap.childId, { status: tap.status, at: tap.at });
  }
  return [...latest]
    .filter(([childId, record]) => record.status === "boarded" && !dropped.has(childId))
    .map(([childId, record]) => ({ childId, stopId: school.id, at: Math.max(arrivedAt, record.at), ...place }));
}

/** The notices this batch makes due: attendance taps and school drops, approach per parent and stop, late once. */
function dueNotices(
  before: RunState,
  after: RunState,
  taps: ReadonlyMap<string, TapItem>,
  drops: readonly SchoolDrop[],
  estimate: ReturnType<typeof estimateOf>,
): LiveNotice[] {
  const { run } = after;
  const stopNames = new Map(after.stops.map((stop) => [stop.id, stop.name]));
  const notices: LiveNotice[] = [];
  const riders = new Map(after.riders.map((rider) => [rider.childId, rider]));
  // The child's record of the tap's phase (a pickup's boarding, a drop-off's drop).
  const recorded = new Map(before.attendance.map((row) => [`${row.childId}:${row.phase}`, row]));
  for (const tap of taps.values()) {
    const rider = riders.get(tap.childId)!;
    const old = recorded.get(`${tap.childId}:${phaseOf(tap.status)}`);
    if (old && old.at.getTime() >= tap.at) continue;
    const key = attendanceNoticeKey(run.id, tap.childId, tap.status);
    if (after.sentNotices.has(key)) continue;
    notices.push({
      key,
      parentIds: rider.parentIds,
      ...attendanceText(rider.childName, tap.status, new Date(tap.at), stopNames.get(tap.stopId) ?? null, run.timeZone),
      localized: (locale) =>
        attendanceWords(
          locale,
          rider.childName,
          tap.status,
          new Date(tap.at),
          stopNames.get(tap.stopId) ?? null,
          run.timeZone,
        ),
      category: "attendance",
      scope: "family",
      kind: "attendance",
    });
  }
  for (const drop of drops) {
    const rider = riders.get(drop.childId);
    const key = attendanceNoticeKey(run.id, drop.childId, "dropped");
    if (!rider || after.sentNotices.has(key)) continue;
    notices.push({
      key,
      parentIds: rider.parentIds,
      ...attendanceText(
        rider.childName,
        "dropped",
        new Date(drop.at),
        stopNames.get(drop.stopId) ?? null,
        run.timeZone,
      ),
      localized: (locale) =>
        attendanceWords(
          locale,
          rider.childName,
          "dropped",
          new Date(drop.at),
          stopNames.get(drop.stopId) ?? null,
          run.timeZone,
        ),
      category: "attendance",
      scope: "family",
      kind: "attendance",
    });
  }
  const minutes = new Map(after.parents.map((parent) => [parent.id, parent.approachMinutes]));
  const watchers = after.riders
    .filter((rider) => !rider.notRiding)
    .flatMap((rider) =>
      rider.parentIds.map((parentId) => ({ parentId, stopId: rider.stopId, minutes: minutes.get(parentId)! })),
    );
  // `after.visits` holds arrivals only: a stop reached in this very batch is among them.
  const arrived = new Set(after.visits.map((visit) => visit.stopId));
  for (const due of approachNotices({ tripId: run.id, estimate, watchers, sent: after.sentNotices, arrived }))
    notices.push({
      key: due.key,
      parentIds: [due.parentId],
      ...approachText(run, stopNames.get(due.stopId) ?? "your stop", due.eta),
      localized: (locale) => approachWords(locale, run, stopNames.get(due.stopId) ?? null, due.eta),
      category: "trip",
      scope: "family",
      kind: "busApproaching",
    });
  const late = lateNotice(estimate.delaySeconds);
  if (late && !after.sentNotices.has(lateNoticeKey(run.id)))
    notices.push({
      key: lateNoticeKey(run.id),
      parentIds: after.parents.map((parent) => parent.id),
      ...lateText(run, late.minutesLate),
      localized: (locale) => lateWords(locale, run, late.minutesLate),
      category: "trip",
      scope: "run",
      kind: "runLate",
    });
  return notices;
}
