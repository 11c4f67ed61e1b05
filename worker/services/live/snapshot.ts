import { LIVE_MESSAGES as M } from "#shared/live-constants.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { audienceFor, audienceTag, type Viewer } from "./access.ts";
import { loadRunState } from "./run-state.ts";
import { type RunView, viewFor } from "./view.ts";

/** The signed-in admin, driver or parent as live tracking's rules see them (from the session only). */
export function viewerOf(scope: SchoolScope): Viewer {
  const role = scope.actor.role;
  if (role !== "school_admin" && role !== "driver" && role !== "parent") throw new AppError("NOT_FOUND", M.notFound);
  return { role, id: scope.actor.id, schoolId: scope.schoolId };
}

/**
 * The run as the viewer may see it now (the polling fallback, ADR 0055): NOT_FOUND for a run that is
 * not theirs to see (another school's, another family's, a driver's run that is not open). With the
 * cursor of the view the caller already has, `unchanged` instead of the same view again.
 */
export async function liveSnapshot(
  scope: SchoolScope,
  input: { runId: string; since?: string | null },
): Promise<{ unchanged: true; cursor: string } | { unchanged: false; cursor: string; run: RunView }> {
  const state = await loadRunState(scope.deps.db, input.runId);
  const audience = state ? audienceFor(viewerOf(scope), state, scope.now) : null;
  if (!state || !audience) throw new AppError("NOT_FOUND", M.notFound);
  const run = viewFor(state, audience, scope.now);
  return input.since === run.cursor
    ? { unchanged: true, cursor: run.cursor }
    : { unchanged: false, cursor: run.cursor, run };
}

/** The socket tag a viewer may watch the run under, or NOT_FOUND (LO1–LO3). */
export async function authorizeWatch(scope: SchoolScope, input: { runId: string }): Promise<string> {
  const state = await loadRunState(scope.deps.db, input.runId);
  const audience = state ? audienceFor(viewerOf(scope), state, scope.now) : null;
  if (!audience) throw new AppError("NOT_FOUND", M.notFound);
  return audienceTag(audience);
}
