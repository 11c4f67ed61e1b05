import type { Trpc } from "../../lib/trpc.ts";

/** My Children: the parent's own children (the hook's and the route prefetch's source: the same options are the same cache key). */
export const childrenQuery = (trpc: Trpc) => trpc.parent.children.list.queryOptions();
