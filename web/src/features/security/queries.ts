import type { Trpc } from "../../lib/trpc.ts";

/**
 * The super admin's two-factor status. One source for the page's hook and the route's prefetch
 * (web/src/routes/prefetch-queries.ts): the same options are the same cache key.
 */
export const twoFactorStatusQuery = (trpc: Trpc) => trpc.superAdmin.security.status.queryOptions();
