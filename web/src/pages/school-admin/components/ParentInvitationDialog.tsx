import { useLingui } from "@lingui/react/macro";
import { useCreateParentInvitation } from "../../../features/invitations/hooks.ts";
import { InviteByEmailDialog } from "../../../features/invitations/InviteByEmailDialog.tsx";

/** "Invite Parent": name and e-mail; the server sends the invitation e-mail. */
export function ParentInvitationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const invitation = useCreateParentInvitation();
  return (
    <InviteByEmailDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Invite Parent`}
      description={t`They will receive an e-mail with a link to set up their account.`}
      nameLabel={t`Name`}
      invitation={invitation}
    />
  );
}
