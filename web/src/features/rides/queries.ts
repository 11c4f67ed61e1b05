import type { Trpc } from "../../lib/trpc.ts";

/** The family's stops, buses and not-riding days (My Children's hook and its route prefetch: the same key). */
export const rideLookupQuery = (trpc: Trpc) => trpc.parent.rides.lookup.queryOptions();
