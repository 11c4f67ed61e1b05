import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { ErrorState, Loading } from "../../components/ui/states.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../trpc.ts";

/** Spec: the dashboard shows the first 3 pending approvals. */
const SHOWN = 3;

/** Pending school approvals (paid, payment successful) with Approve and Reject. */
export function PendingApprovalsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = useQuery(trpc.superAdmin.registrations.pending.queryOptions({ limit: SHOWN }));
  const [rejecting, setRejecting] = useState<{ id: string; name: string } | null>(null);
  const [reason, setReason] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);
  const reasonId = useId();
  const reasonErrorId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.superAdmin.pathKey() });

  const approve = useMutation(
    trpc.superAdmin.registrations.approve.mutationOptions({
      onSuccess: async (data) => {
        notify("success", "School Approved", `${data.school.name} is approved. The administrator's login credentials were e-mailed.`);
        await refresh();
      },
      onError: (error) => notify("error", "Approval Failed", errorMessage(error)),
    }),
  );
  const reject = useMutation(
    trpc.superAdmin.registrations.reject.mutationOptions({
      onSuccess: async () => {
        notify("success", "School Rejected", "The applicant has been told by e-mail.");
        setRejecting(null);
        await refresh();
      },
      onError: (error) => notify("error", "Rejection Failed", errorMessage(error)),
    }),
  );

  return (
    <section aria-labelledby="pending-approvals" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="pending-approvals" className="text-lg font-semibold text-ink">
        Pending School Approvals{pending.data ? ` (${pending.data.total})` : ""}
      </h2>
      {pending.isPending ? (
        <Loading />
      ) : pending.isError ? (
        <ErrorState>Failed to load pending schools.</ErrorState>
      ) : pending.data.rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No schools are waiting for approval.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {pending.data.rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-ink">{row.schoolName}</p>
                <p className="text-sm text-slate-600">
                  {row.adminFullName} · {row.adminEmail} · {row.pupilCount} pupils · <span className="font-medium text-green-700">Payment Complete</span>
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => approve.mutate({ pendingSchoolId: row.id })}
                  disabled={approve.isPending}
                  aria-label={`Approve ${row.schoolName}`}
                  className="inline-flex items-center gap-1 rounded-md bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60"
                >
                  <Check aria-hidden="true" className="h-4 w-4" /> Approve
                </button>
                <button
                  type="button"
                  onClick={() => {
                    setReason("");
                    setReasonMissing(false);
                    setRejecting({ id: row.id, name: row.schoolName });
                  }}
                  aria-label={`Reject ${row.schoolName}`}
                  className="inline-flex items-center gap-1 rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
                >
                  <X aria-hidden="true" className="h-4 w-4" /> Reject
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={rejecting !== null} onOpenChange={(open) => !open && setRejecting(null)} title="Reject School" description={rejecting ? `Why is ${rejecting.name} rejected? The reason is e-mailed to the applicant.` : undefined}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // Spec: here the reason is required. Cancel closes the dialog; an empty reason says so.
            if (!rejecting) return;
            if (!reason.trim()) return setReasonMissing(true);
            reject.mutate({ pendingSchoolId: rejecting.id, reason: reason.trim() });
          }}
          className="space-y-4"
        >
          <div>
            <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
              Reason (required)
            </label>
            <textarea
              id={reasonId}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonMissing(false);
              }}
              rows={3}
              required
              aria-invalid={reasonMissing || undefined}
              aria-describedby={reasonMissing ? reasonErrorId : undefined}
              className={`mt-1 block w-full rounded-md border px-3 py-2 ${reasonMissing ? "border-red-500" : "border-slate-300"}`}
            />
            {reasonMissing ? (
              <p id={reasonErrorId} role="alert" className="mt-1 text-sm text-red-700">
                A reason is required to reject a registration.
              </p>
            ) : null}
          </div>
          <DialogActions onCancel={() => setRejecting(null)} submitLabel="Reject" pendingLabel="Rejecting…" pending={reject.isPending} />
        </form>
      </Dialog>
    </section>
  );
}
