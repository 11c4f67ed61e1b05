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
