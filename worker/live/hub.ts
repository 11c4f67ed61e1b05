import type { Context as HonoContext } from "hono";
import type { IngestBatch } from "#shared/live.ts";
import type { RunView } from "../services/live/view.ts";

/**
 * The live hub (ADR 0055): where a run's positions and taps are processed, one batch at a time per
 * run, and fanned out to the run's watchers. One interface, two implementations: a Durable Object per
 * open run in production (`worker/live/run-object.ts`, WebSocket Hibernation), the same in process on
 * the Node entry (`worker/local/live-hub.ts`). Either keeps nothing the database does not: a restarted
 * hub reads the run again and has lost nothing.
 */

/**
 * The signed-in driver a batch comes from, as the Worker authenticated them: what the hub needs to
 * rebuild their scope on the other side of a Durable Object's `fetch`.
 */
export type LiveCaller = {
  actor: { id: string; role: "driver"; schoolId: string; name: string; email: string };
  schoolId: string;
  timeZone: string;
  phoneRegion: string | null;
  meta: { requestId: string | null; ipAddress: string | null; userAgent: string | null };
  /** Whatever else the driver's scope carries (serializable). */
  extra?: Record<string, string | null>;
};

/** A batch's answer: what the phone may drop from its queue, what was refused and why, and the run as the driver sees it. */
export type IngestAnswer = {
  acknowledged: string[];
  refused: { clientId: string; reason: string }[];
  run: RunView;
};

/** An error the hub hands back to the endpoint: the status and the message a person reads. */
export type LiveRefusal = { status: 404 | 409; error: string };

export interface LiveHub {
  /** The driver's batch for a run, after any other batch of the same run (one at a time). */
  ingest(runId: string, caller: LiveCaller, batch: IngestBatch): Promise<IngestAnswer | LiveRefusal>;
  /**
   * Opens a watcher's WebSocket on a run the endpoint authorized, under its audience's tag
   * (`admin`, `driver:<id>`, `parent:<id>`): the upgrade's response. The watcher gets the run's view at
   * once and again after every change.
   */
  watch(c: HonoContext, runId: string, tag: string): Promise<Response>;
  /** The run changed outside an ingest (started, ended, cancelled): its watchers get their views again. */
  changed(runId: string): Promise<void>;
}

/** What a watcher receives: its view of the run (dates as ISO strings), or the run closed to it. */
export type LiveMessage = { type: "run"; run: RunView };

/** Close codes a watcher reads: no longer allowed to watch (the run ended 15 minutes ago, a driver's run ended). */
export const LIVE_CLOSE_NOT_ALLOWED = 4403;
