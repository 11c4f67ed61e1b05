import type { Trpc } from "../../lib/trpc.ts";

/*
 * The driver's queries. One source for the pages' hooks and the routes' prefetches
 * (web/src/routes/prefetch-queries.ts): the same options are the same cache key.
 */

/** Today's runs of the signed-in driver, in the school's zone (ADR 0057): the driver's home. */
export const driverRunsQuery = (trpc: Trpc) => trpc.driver.runs.list.queryOptions();
