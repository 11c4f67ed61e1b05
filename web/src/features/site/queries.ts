import type { Trpc } from "../../lib/trpc.ts";

/**
 * The maps' background tiles. Fixed for a deployment: asked for once per visit. The parent's pages
 * with a child's stop map start it with their own queries (one request), the map reads the cache.
 */
export const mapTilesQuery = (trpc: Trpc) =>
  trpc.site.map.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY });
