import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RouterInputs, RouterOutputs } from "../../lib/api-types.ts";
import { useTRPC } from "../../lib/trpc.ts";

export type PlatformMetrics = RouterOutputs["superAdmin"]["metrics"]["overview"];

/** The platform metrics of a range (the last 12 weeks without one); `enabled` false while the range is invalid. */
export function usePlatformMetrics(input: RouterInputs["superAdmin"]["metrics"]["overview"], enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.superAdmin.metrics.overview.queryOptions(input, { placeholderData: keepPreviousData, enabled }));
}
