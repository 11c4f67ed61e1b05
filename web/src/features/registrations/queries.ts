import type { Trpc } from "../../lib/trpc.ts";

/** Paid registrations awaiting review, newest first, at most `limit` of them (the hook's and the dashboard prefetch's source). */
export const pendingRegistrationsQuery = (trpc: Trpc, limit: number) =>
  trpc.superAdmin.registrations.pending.queryOptions({ limit });
