import type { LoaderFunctionArgs, Params } from "react-router";
import { readRoleHint } from "../lib/roles.ts";
import type { Role } from "../lib/session.ts";
import type { PrefetchName } from "./prefetch-queries.ts";

let queue: PrefetchName[] = [];
let flushed: Promise<void> = Promise.resolve();

/**
 * Queues named prefetches; the loaders of every route of a navigation call this in the same tick,
 * and the queue starts at once when the data layer has loaded: one batched HTTP request carries
 * the session check and the page's first queries (no waterfall). The promise settles once they
 * have started: the loaders wait for it, so no page component renders (and asks for the session on
 * its own, in a request of its own) before the batch is under way.
 */
function prefetch(names: readonly PrefetchName[]): Promise<void> {
  if (queue.length === 0) {
    flushed = import("./prefetch-queries.ts").then(
      ({ startPrefetches }) => {
        const names = queue;
        queue = [];
        startPrefetches(names);
      },
      () => {
        queue = []; // Not loaded: the pages ask for their data themselves.
      },
    );
  }
  queue.push(...names);
  return flushed;
}

/**
 * A route loader for a role's page: the session check always, and the page's queries when the last
 * session this browser saw had this role (otherwise they wait for the guard, as before).
 */
export function prefetchLoader(role: Role, ...names: PrefetchName[]) {
  return async () => {
    await prefetch(readRoleHint() === role ? ["session", ...names] : ["session"]);
    return null;
  };
}

/** What a page's loader can start besides queries (prefetch-queries.ts, in the area's chunk). */
type AreaStarts = Pick<typeof import("./prefetch-queries.ts"), "startRunRead" | "warmMaps">;

/**
 * A loader that also starts, as the navigation begins, what its page needs besides its queries: the
 * live run's first read, the maps' code (ADR 0076). From the area's chunk, which the area's shells
 * preload, so the entry carries none of it; not awaited (the page takes what has started).
 */
export function alsoStart(
  loader: (() => Promise<null>) | null,
  start: (area: AreaStarts, params: Params) => void,
): (args: LoaderFunctionArgs) => Promise<null> {
  return async ({ params }) => {
    void import("./prefetch-queries.ts").then(
      (area) => start(area, params),
      () => undefined, // Not loaded: the page reads and loads on its own, as before.
    );
    return loader ? loader() : null;
  };
}
