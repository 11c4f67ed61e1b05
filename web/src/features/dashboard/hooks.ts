import { useQuery } from "@tanstack/react-query";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { useTRPC } from "../../lib/trpc.ts";

export type SchoolDashboard = RouterOutputs["schoolAdmin"]["dashboard"];

/** The parent's dashboard: their children. */
export function useFamilyOverview() {
  const trpc = useTRPC();
  return useQuery(trpc.parent.overview.queryOptions());
}

/** The school admin dashboard: one query, one round trip of SQL. */
export function useSchoolDashboard() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.dashboard.queryOptions());
}

/** The super admin's dashboard: the platform's counts. */
export function usePlatformStats() {
  const trpc = useTRPC();
  return useQuery(trpc.superAdmin.stats.queryOptions());
}

/** The super admin's dashboard: the latest audit log entries. */
export function useRecentActivity() {
  const trpc = useTRPC();
  return useQuery(trpc.superAdmin.auditLogs.recent.queryOptions());
}
