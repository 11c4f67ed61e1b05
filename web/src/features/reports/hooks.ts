import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

export type Reports = RouterOutputs["schoolAdmin"]["reports"]["get"];

/** The school admin's reports for a range and a route (the last 30 days and every route when not chosen). */
export function useReports(filter: { from?: string; to?: string; routeId: string | null }) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.schoolAdmin.reports.get.queryOptions({
      ...(filter.from ? { from: filter.from } : {}),
      ...(filter.to ? { to: filter.to } : {}),
      routeId: filter.routeId,
    }),
    placeholderData: keepPreviousData,
  });
}

/** The school's transport settings (the on-time threshold is one). */
export function useTransportSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.routes.settings.get.queryOptions());
}

/** Saves the on-time threshold (the "not riding" cut-off as it is), then reads the reports and dashboard again. */
export function useSaveOnTimeMinutes() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.routes.settings.update.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.schoolAdmin.routes.settings.get.queryKey(), saved);
        const minutes = saved.onTimeMinutes;
        notify(
          "success",
          t`Threshold Saved`,
          t`A run is on time when it reaches its last stop within ${plural(minutes, { one: "# minute", other: "# minutes" })}.`,
        );
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.schoolAdmin.reports.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.schoolAdmin.dashboard.queryKey() }),
        ]);
      },
      onError: (error) => notify("error", t`Not Saved`, errorMessage(error, t`The threshold could not be saved.`)),
    }),
  );
}
