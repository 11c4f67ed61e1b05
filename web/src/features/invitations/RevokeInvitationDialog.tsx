import { ConfirmDialog } from "../../components/ui/dialog.tsx";

/** The spec's confirmation before an invitation is revoked; it stays open while the revoke is pending. */
export function RevokeInvitationDialog({
  invitation,
  pending,
  onClose,
  onRevoke,
}: {
  invitation: { id: string } | null;
  pending: boolean;
  onClose: () => void;
  onRevoke: (inviteId: string) => void;
}) {
  return (
    <ConfirmDialog
      open={invitation !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title="Revoke invitation"
      message="Are you sure you want to revoke this invitation? This action cannot be undone."
      confirmLabel={pending ? "Revoking…" : "Revoke"}
      busy={pending}
      onConfirm={() => invitation && onRevoke(invitation.id)}
    />
  );
}
