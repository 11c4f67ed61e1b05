import { t } from "@lingui/core/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { RIDE_TOASTS } from "#shared/ride-toasts.ts";
import { activeLocale } from "../../i18n/i18n.ts";
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
      onError: (error) => notify("error", t`Ride not changed`, errorMessage(error)),
    }),
  );
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A stop's "HH:MM" (the school's wall clock) as people read it in the reader's language: "7:30 AM"
 * in English, "7:30" in Swedish. The wall clock is formatted as is (UTC both ways: no zone shift).
 */
export function clockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const tag = LOCALE_TAGS[activeLocale()];
  let format = clockFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    clockFormats.set(tag, format);
  }
  // Plain spaces (newer ICU puts a narrow no-break space before AM/PM).
  return format.format(Date.UTC(2000, 0, 1, hours, minutes)).replace(/[\u202f\u00a0]/g, " ");
}
