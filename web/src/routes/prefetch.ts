import { readRoleHint } from "../lib/roles.ts";
import type { Role } from "../lib/session.ts";
import type { PrefetchName } from "./prefetch-queries.ts";

let queue: PrefetchName[] = [];

/**
 * Queues named prefetches; the loaders of every route of a navigation call this in the same tick,
 * and the queue starts at once when the data layer has loaded: one batched HTTP request carries
 * the session check and the page's first queries (no waterfall).
 */
function prefetch(names: readonly PrefetchName[]): void {
  if (queue.length === 0) {
    void import("./prefetch-queries.ts").then(
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
}

/**
 * A route loader for a role's page: the session check always, and the page's queries when the last
 * session this browser saw had this role (otherwise they wait for the guard, as before).
 */
export function prefetchLoader(role: Role, ...names: PrefetchName[]) {
  return () => {
    prefetch(readRoleHint() === role ? ["session", ...names] : ["session"]);
    return null;
  };
}
