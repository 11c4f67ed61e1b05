import { useQuery } from "@tanstack/react-query";
import type { RouterOutputs } from "../../../lib/api-types.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { driverRunsQuery } from "../queries.ts";

export type DriverRunRow = RouterOutputs["driver"]["runs"]["list"]["runs"][number];
export type DriverRunDetail = RouterOutputs["driver"]["runs"]["get"];

/** Today's runs of the signed-in driver, in the school's zone (ADR 0057). */
export function useDriverRuns() {
  const trpc = useTRPC();
  return useQuery(driverRunsQuery(trpc));
}

/** One run of the signed-in driver: its stops in order with that day's riders. */
export function useDriverRun(tripId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.driver.runs.get.queryOptions({ tripId }));
}
