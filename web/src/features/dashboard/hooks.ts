import { useQuery } from "@tanstack/react-query";
import { TODAYS_RIDES_REFRESH_MS } from "#shared/parent-dashboard.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { useTRPC } from "../../lib/trpc.ts";

export type SchoolDashboard = RouterOutputs["schoolAdmin"]["dashboard"];
export type ParentDashboard = RouterOutputs["parent"]["overview"];

/**
 * The parent's dashboard, one request. Read again every 30 s while the tab is visible (TanStack
 * Query pauses the interval in a hidden tab), so today's rides follow the school's status changes.
 */
export function useParentDashboard() {
  const trpc = useTRPC();
  return useQuery(
    trpc.parent.overview.queryOptions(undefined, {
      refetchInterval: TODAYS_RIDES_REFRESH_MS,
      refetchIntervalInBackground: false,
    }),
  );
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
