import { PARENT_WATCH_AFTER_END_MINUTES } from "#shared/live-constants.ts";
import { todayIn } from "#shared/school-time.ts";
import { type RunState, runIsOpen } from "./run-state.ts";

/**
 * Who may see a run live, and as whom (docs/security.md LO1–LO3, ADR 0055). One place for the rules;
 * the endpoints, the hub and the snapshot all ask here.
 *
 * - a school admin: any run of their own school;
 * - a driver: their own run, only while it is open (started, not ended);
 * - a parent: a run one of their children rides on its day (assigned that weekday and date, not
 *   marked not riding), until 15 minutes after its end; the position only from the start.
 */
export type Audience = { kind: "admin" } | { kind: "driver"; driverId: string } | { kind: "parent"; parentId: string };

/** Who asks, as the session says (never the input). */
export type Viewer =
  | { role: "school_admin"; id: string; schoolId: string }
  | { role: "driver"; id: string; schoolId: string }
  | { role: "parent"; id: string; schoolId: string };

/** The socket tag of an audience: a run's watchers are told by tag (one view per parent; rechecked per driver). */
export function audienceTag(audience: Audience): string {
  if (audience.kind === "parent") return `parent:${audience.parentId}`;
  if (audience.kind === "driver") return `driver:${audience.driverId}`;
  return "admin";
}

const AFTER_END_MS = PARENT_WATCH_AFTER_END_MINUTES * 60_000;

/** Until when a parent may watch (null: no end yet). */
export function parentWatchEndsAt(state: RunState): Date | null {
  return state.run.endedAt ? new Date(state.run.endedAt.getTime() + AFTER_END_MS) : null;
}

/** The viewer's audience on this run, or null: not theirs to see (the caller answers 404, as for any foreign id). */
export function audienceFor(viewer: Viewer, state: RunState, now: Date): Audience | null {
  if (state.run.schoolId !== viewer.schoolId) return null;
  if (viewer.role === "school_admin") return { kind: "admin" };
  if (viewer.role === "driver")
    return state.run.driverId === viewer.id && runIsOpen(state) ? { kind: "driver", driverId: viewer.id } : null;
  if (state.run.serviceDate !== todayIn(state.run.timeZone, now)) return null;
  if (state.run.status === "cancelled") return null;
  const rides = state.riders.some((rider) => rider.parentIds.includes(viewer.id) && !rider.notRiding);
  if (!rides) return null;
  const until = parentWatchEndsAt(state);
  if (until && now.getTime() > until.getTime()) return null;
  return { kind: "parent", parentId: viewer.id };
}

/** May this driver send positions and taps for the run now (LO1). */
export function driverMayPost(state: RunState, driverId: string, schoolId: string): boolean {
  return state.run.schoolId === schoolId && state.run.driverId === driverId && runIsOpen(state);
}
