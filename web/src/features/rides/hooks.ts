import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RIDE_TOASTS } from "#shared/ride-toasts.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { rideLookupQuery } from "./queries.ts";

/** A child's assignment as the parent reads it: the stop, its time, the route and bus (ADR 0046). */
export type ChildRide = Omit<RouterOutputs["parent"]["rides"]["lookup"]["children"][number]["rides"][number], "today">;

/** The family's stops, buses and not-riding days (My Children; the dashboard has them in its own request). */
export function useRideLookup() {
  const trpc = useTRPC();
  return useQuery(rideLookupQuery(trpc));
}

/** A change of rides shows on My Children and on the dashboard (its cards and Today's rides). */
function useInvalidateRides() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.parent.rides.pathFilter()),
      queryClient.invalidateQueries(trpc.parent.overview.pathFilter()),
    ]);
}

/** "Not riding" on a day or a range. The server's refusal (after the cut-off: call the school) is the dialog's to show. */
export function useSetNotRiding(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateRides();
  return useMutation(
    trpc.parent.rides.notRiding.set.mutationOptions({
      onSuccess: async () => {
        onDone();
        notify("success", RIDE_TOASTS.notRidingSet.title, RIDE_TOASTS.notRidingSet.description);
        await invalidate();
      },
    }),
  );
}

/** Undo a not-riding day; a refusal (after the cut-off) is a toast with the server's words. */
export function useClearNotRiding() {
  const trpc = useTRPC();
  const invalidate = useInvalidateRides();
  return useMutation(
    trpc.parent.rides.notRiding.clear.mutationOptions({
      onSuccess: async () => {
        notify("success", RIDE_TOASTS.notRidingCleared.title, RIDE_TOASTS.notRidingCleared.description);
        await invalidate();
      },
      onError: (error) => notify("error", "Ride not changed", errorMessage(error)),
    }),
  );
}

/** A stop's "HH:MM" (the school's wall clock) as people read it: "7:30 AM". */
export function clockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const suffix = hours < 12 ? "AM" : "PM";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}
