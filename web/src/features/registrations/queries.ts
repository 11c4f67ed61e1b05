import type { Trpc } from "../../lib/trpc.ts";

/**
 * The super admin's dashboard shows the first 3 pending approvals (its route prefetch asks for the
 * same). Here, not with the registration texts: the prefetches are in every area page's chunk.
 */
export const DASHBOARD_PENDING_APPROVALS = 3;

/** Paid registrations awaiting review, newest first, at most `limit` of them (the hook's and the dashboard prefetch's source). */
export const pendingRegistrationsQuery = (trpc: Trpc, limit: number) =>
  trpc.superAdmin.registrations.pending.queryOptions({ limit });
