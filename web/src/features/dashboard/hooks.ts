import { useQuery } from "@tanstack/react-query";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { useTRPC } from "../../lib/trpc.ts";

export type SchoolDashboard = RouterOutputs["schoolAdmin"]["dashboard"];

/** The school admin dashboard: one query, one round trip of SQL. */
export function useSchoolDashboard() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.dashboard.queryOptions());
}
