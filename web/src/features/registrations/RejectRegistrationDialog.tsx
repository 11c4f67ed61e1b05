import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";

/** "Reject School": a reason for the applicant's e-mail, then Reject. Stays open while the call is pending. */
export function RejectRegistrationDialog({
  registration,
  reasonRequired,
  pending,
  onClose,
  onReject,
}: {
  registration: { id: string; schoolName: string } | null;
  reasonRequired: boolean;
  pending: boolean;
  onClose: () => void;
  /** The trimmed reason; empty only when it is optional. */
  onReject: (reason: string) => void;
}) {
  const { t } = useLingui();
  // The two places a registration is rejected: the reason is required on the dashboard, optional on the review page.
  const name = registration?.schoolName ?? "";
  const variant = reasonRequired
    ? {
        label: t`Reason (required)`,
        description: t`Why is ${name} rejected? The reason is e-mailed to the applicant.`,
      }
    : {
        label: t`Reason (optional)`,
        description: t`Reject the registration of ${name}? The applicant is told by e-mail.`,
      };
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const [forId, setForId] = useState<string | null>(null);
  // A new registration starts with an empty reason.
  if (registration && registration.id !== forId) {
    setForId(registration.id);
    setReason("");
    setMissing(false);
  }
  const describedBy = [reasonRequired ? null : hintId, missing ? errorId : null].filter(Boolean).join(" ");
  return (
    <Dialog
      open={registration !== null}
      onOpenChange={(open) => !open && !pending && onClose()}
      title={t`Reject School`}
      description={registration ? variant.description : undefined}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          // An empty required reason says so; Cancel closes the dialog.
          if (reasonRequired && !reason.trim()) return setMissing(true);
          onReject(reason.trim());
        }}
      >
        <div>
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
            {variant.label}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            rows={4}
            maxLength={1000}
            required={reasonRequired}
            aria-invalid={missing || undefined}
            aria-describedby={describedBy || undefined}
            className={`mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none ${missing ? "border-red-500" : "border-slate-300"}`}
          />
          {reasonRequired ? null : (
            <p id={hintId} className="mt-1 text-xs text-slate-500">
              {t`Included in the e-mail to the applicant.`}
            </p>
          )}
          {missing ? (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
              {t`A reason is required to reject a registration.`}
            </p>
          ) : null}
        </div>
        <DialogActions
          onCancel={onClose}
          submitLabel={t`Reject`}
          pendingLabel={t`Rejecting…`}
          pending={pending}
          danger
        />
      </form>
    </Dialog>
  );
}
