import { useLingui } from "@lingui/react/macro";
import { useInviteDriver } from "../../../features/drivers/admin/hooks.ts";
import { InviteByEmailDialog } from "../../../features/invitations/InviteByEmailDialog.tsx";

/** Invite Driver: a name and an e-mail; the driver gets a link to create their account (ADR 0057). */
export default function InviteDriverDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const invitation = useInviteDriver();
  return (
    <InviteByEmailDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Invite Driver`}
      description={t`The driver receives an e-mail with a link to create their account. It expires like a parent's invitation.`}
      nameLabel={t`Driver Name`}
      invitation={invitation}
    />
  );
}
