import type { Trpc } from "../../lib/trpc.ts";

/**
 * The parent's notification preferences as the live view reads them (how near the bus a notice is
 * sent, so the bell follows the run): started by the live view's route with its other first queries.
 */
export const parentPreferencesQuery = (trpc: Trpc) => trpc.parent.preferences.get.queryOptions();
