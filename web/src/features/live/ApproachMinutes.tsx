import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { APPROACH_MINUTES_CHOICES } from "#shared/live-constants.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * My Account's "the bus is N minutes away" (ADR 0055/0056): the lead time of the approach notice,
 * saved as soon as it is chosen (5 until the parent chooses).
 */
export function ApproachMinutes() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const current = useQuery(trpc.parent.live.approachMinutes.queryOptions());
  const save = useMutation(
    trpc.parent.live.setApproachMinutes.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.parent.live.approachMinutes.queryKey(), saved);
        notify("success", "Saved", `You will be told when the bus is ${saved.minutes} minutes from your stop.`);
      },
      onError: (error) => notify("error", "Not saved", errorMessage(error)),
    }),
  );
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-ink">Bus alerts</h2>
      <p className="mt-1 text-sm text-slate-600">
        On a school day you are told in the app when the bus is this far from your child's stop, once per stop.
      </p>
      <label htmlFor={id} className="mt-3 block text-sm font-medium text-slate-700">
        Tell me when the bus is
      </label>
      <select
        id={id}
        className="mt-1 min-h-11 rounded-md border border-slate-300 bg-white px-3 text-ink"
        disabled={!current.data || save.isPending}
        value={save.isPending ? save.variables.minutes : (current.data?.minutes ?? "")}
        onChange={(event) => save.mutate({ minutes: Number(event.target.value) })}
      >
        {current.data ? null : <option value="">Loading…</option>}
        {APPROACH_MINUTES_CHOICES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {minutes} minutes away
          </option>
        ))}
      </select>
    </div>
  );
}
