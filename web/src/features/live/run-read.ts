/**
 * The live view's first read of its run (`GET /api/live/runs/:id`), started by the route's loader
 * (web/src/routes/router.tsx, through the area's chunk) as the navigation begins, in parallel with
 * the page's code, instead of once the page has rendered (ADR 0076). The page's watcher takes that
 * answer for its first read; every later read is its own.
 */

/** A started read is taken within this long; later (a navigation that never rendered the page), it is not used. */
const FRESH_MS = 10_000;

const started = new Map<string, { at: number; response: Promise<Response> }>();

const runUrl = (runId: string) => `/api/live/runs/${encodeURIComponent(runId)}`;

const readRun = (runId: string) => fetch(runUrl(runId), { credentials: "same-origin" });

/** Starts the run's read; the page takes it. */
export function startRunRead(runId: string): void {
  const response = readRun(runId);
  // Taken and handled by the page; a read nobody takes must not be reported as unhandled.
  response.catch(() => undefined);
  started.set(runId, { at: Date.now(), response });
}

/** The run's read: the one the loader started if it is fresh, else a new one. Each is taken once. */
export function takeRunRead(runId: string): Promise<Response> {
  const early = started.get(runId);
  started.delete(runId);
  return early && Date.now() - early.at < FRESH_MS ? early.response : readRun(runId);
}
