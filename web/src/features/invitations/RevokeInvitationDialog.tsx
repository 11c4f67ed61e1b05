import { useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";

/** A revoke mutation of either role (`usePlatformInvitationActions` or `useParentInvitationActions`). */
type RevokeMutation = {
  isPending: boolean;
  mutate: (input: { inviteId: string }, options: { onSettled: () => void }) => void;
};

/**
 * The spec's confirmation before an invitation is revoked; it stays open while the revoke is pending
 * and closes when it has settled (the mutation's toasts tell how it went).
 */
export function RevokeInvitationDialog({
  invitation,
  revoke,
  onClose,
}: {
  invitation: { id: string } | null;
  revoke: RevokeMutation;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const pending = revoke.isPending;
  return (
    <ConfirmDialog
      open={invitation !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={t`Revoke invitation`}
      message={t`Are you sure you want to revoke this invitation? This action cannot be undone.`}
      confirmLabel={pending ? t`Revoking…` : t`Revoke`}
      busy={pending}
      onConfirm={() => invitation && revoke.mutate({ inviteId: invitation.id }, { onSettled: onClose })}
    />
  );
}
