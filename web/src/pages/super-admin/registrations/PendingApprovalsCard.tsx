import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { formatTotal } from "../../../components/ui/format.ts";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { ErrorState, Loading } from "../../../components/ui/states.tsx";
import {
  DASHBOARD_PENDING_APPROVALS,
  useApproveRegistration,
  usePendingRegistrations,
  useRejectRegistration,
} from "../../../features/registrations/hooks.ts";

const RejectRegistrationDialog = lazyDialog(
  async () => (await import("../../../features/registrations/RejectRegistrationDialog.tsx")).RejectRegistrationDialog,
);

/** Pending school approvals (paid, payment successful) with Approve and Reject. */
export function PendingApprovalsCard() {
  const { t } = useLingui();
  const pending = usePendingRegistrations(DASHBOARD_PENDING_APPROVALS);
  const [rejecting, setRejecting] = useState<{ id: string; schoolName: string } | null>(null);
  const approve = useApproveRegistration();
  const reject = useRejectRegistration();

  return (
    <section aria-labelledby="pending-approvals" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="pending-approvals" className="text-lg font-semibold text-ink">
        {pending.data ? <Title total={formatTotal(pending.data)} /> : <Trans>Pending School Approvals</Trans>}
      </h2>
      {pending.isPending ? (
        <Loading />
      ) : pending.isError ? (
        <ErrorState>
          <Trans>Failed to load pending schools.</Trans>
        </ErrorState>
      ) : pending.data.rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>No schools are waiting for approval.</Trans>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {pending.data.rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-ink">{row.schoolName}</p>
                <p className="text-sm text-slate-600">
                  {row.adminFullName} · <span dir="ltr">{row.adminEmail}</span> ·{" "}
                  <Plural value={row.pupilCount} one="# pupil" other="# pupils" /> ·{" "}
                  <span className="font-medium text-green-700">
                    <Trans>Payment Complete</Trans>
                  </span>
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => approve.mutate({ pendingSchoolId: row.id })}
                  disabled={approve.isPending}
                  aria-label={t`Approve ${row.schoolName}`}
                  className="inline-flex items-center gap-1 rounded-md bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60"
                >
                  <Check aria-hidden="true" className="h-4 w-4" /> <Trans>Approve</Trans>
                </button>
                <button
                  type="button"
                  onClick={() => setRejecting(row)}
                  aria-label={t`Reject ${row.schoolName}`}
                  className="inline-flex items-center gap-1 rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
                >
                  <X aria-hidden="true" className="h-4 w-4" /> <Trans>Reject</Trans>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <RejectRegistrationDialog
        registration={rejecting}
        reasonRequired
        pending={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) =>
          rejecting && reject.mutate({ pendingSchoolId: rejecting.id, reason }, { onSuccess: () => setRejecting(null) })
        }
      />
    </section>
  );
}

function Title({ total }: { total: string }) {
  return <Trans>Pending School Approvals ({total})</Trans>;
}
