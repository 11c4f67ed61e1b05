import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";

/** The parent's dashboard: their children. */
export function useFamilyOverview() {
  const trpc = useTRPC();
  return useQuery(trpc.parent.overview.queryOptions());
}

/** The school admin's dashboard: the school's code and counts. */
export function useSchoolOverview() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.overview.queryOptions());
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
