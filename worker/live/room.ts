import type { IngestBatch } from "#shared/live.ts";
import { LIVE_STALE_AFTER_MS } from "#shared/live-eta.ts";
import type { AppDeps } from "../deps.ts";
import type { DriverScope } from "../services/_shared/scope.ts";
import { AppError } from "../services/errors.ts";
import { type Audience, audienceFor, parentWatchEndsAt } from "../services/live/access.ts";
import { estimateOf } from "../services/live/eta.ts";
import { ingest } from "../services/live/ingest.ts";
import { type RunState, runIsOpen } from "../services/live/run-state.ts";
import { viewFor } from "../services/live/view.ts";
import {
  type IngestAnswer,
  LIVE_CLOSE_NOT_ALLOWED,
  type LiveCaller,
  type LiveMessage,
  type LiveRefusal,
} from "./hub.ts";

/**
 * What both hubs do the same way (ADR 0055): rebuild the driver's scope, run an ingest, send each
 * watcher its audience's view (computed once per tag), close those no longer allowed, and say when
 * the run next needs a look without a position (stale after 60 s, parents' window 15 min after the end).
 */

export type Watcher = { tag: string; send(text: string): void; close(code: number, reason: string): void };

/** The audience a socket's tag stands for, checked again against the run as it is now (LO1, LO2). */
export function audienceOfTag(tag: string, state: RunState, now: Date): Audience | null {
  const schoolId = state.run.schoolId;
  if (tag === "admin") return { kind: "admin" };
  const [kind, id] = tag.split(":");
  if (!id) return null;
  if (kind === "driver") return audienceFor({ role: "driver", id, schoolId }, state, now);
  if (kind === "parent") return audienceFor({ role: "parent", id, schoolId }, state, now);
  return null;
}

/** Sends every watcher its view; a watcher whose audience no longer holds is closed. */
export function publish(state: RunState | null, watchers: Iterable<Watcher>, now: Date): void {
  const estimate = state ? estimateOf(state, now) : null;
  const messages = new Map<string, string | null>();
  for (const watcher of watchers) {
    let message = messages.get(watcher.tag);
    if (message === undefined) {
      const audience = state ? audienceOfTag(watcher.tag, state, now) : null;
      message =
        state && audience && estimate
          ? JSON.stringify({ type: "run", run: viewFor(state, audience, now, estimate) } satisfies LiveMessage)
          : null;
      messages.set(watcher.tag, message);
    }
    try {
      if (message === null) watcher.close(LIVE_CLOSE_NOT_ALLOWED, "Not allowed");
      else watcher.send(message);
    } catch {
      // A socket closing as we send: its close handler removes it.
    }
  }
}

/** When the hub should look at the run again without a new position, or null: nothing will change by itself. */
export function nextWake(state: RunState | null, now: Date): Date | null {
  if (!state) return null;
  if (runIsOpen(state)) {
    const last = (state.position?.at ?? state.run.startedAt)!.getTime();
    const staleAt = last + LIVE_STALE_AFTER_MS;
    // Once stale it stays so until the next position, which wakes the hub anyway.
    return staleAt > now.getTime() ? new Date(staleAt) : null;
  }
  const until = parentWatchEndsAt(state);
  return until && until.getTime() > now.getTime() ? new Date(until.getTime() + 1000) : null;
}

/** The driver's scope on the hub's side, from what the Worker authenticated. */
export function driverScopeOf(deps: AppDeps, caller: LiveCaller, now: Date): DriverScope {
  return {
    deps,
    now,
    meta: caller.meta,
    actor: caller.actor,
    schoolId: caller.schoolId,
    timeZone: caller.timeZone,
    phoneRegion: caller.phoneRegion,
    ...(caller.extra ?? {}),
  } as DriverScope;
}

/** One batch through the service, as the endpoint answers it; the new state for the watchers. */
export async function runIngest(
  deps: AppDeps,
  runId: string,
  caller: LiveCaller,
  batch: IngestBatch,
): Promise<{ answer: IngestAnswer | LiveRefusal; state: RunState | null }> {
  const now = deps.now();
  try {
    const result = await ingest(driverScopeOf(deps, caller, now), runId, batch);
    const run = viewFor(result.state, { kind: "driver", driverId: caller.actor.id }, now);
    return { answer: { acknowledged: result.acknowledged, refused: result.refused, run }, state: result.state };
  } catch (error) {
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "CONFLICT"))
      return { answer: { status: error.code === "NOT_FOUND" ? 404 : 409, error: error.message }, state: null };
    throw error;
  }
}

/** A queue that runs one task at a time, in order (one run's batches and reloads). */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(task, task);
    this.tail = result.then(
      () => this.pending--,
      () => this.pending--,
    );
    return result;
  }

  get idle(): boolean {
    return this.pending === 0;
  }
}
