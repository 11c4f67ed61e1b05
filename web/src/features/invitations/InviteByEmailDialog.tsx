import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { createParentInvitationInput } from "#shared/invitations.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { maxLengthOf, TextField } from "../../components/ui/form.tsx";

type InvitationFormInput = z.input<typeof createParentInvitationInput>;
export type InvitationFormOutput = z.output<typeof createParentInvitationInput>;

/**
 * Invite someone by name and e-mail (a parent, or a driver — ADR 0057 — whose input is the same);
 * the server sends the invitation e-mail. Closing the dialog forgets what was typed and the last
 * refusal; a sent invitation closes it.
 */
export function InviteByEmailDialog({
  open,
  onOpenChange,
  title,
  description,
  nameLabel,
  invitation,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  nameLabel: string;
  /** The invitation's mutation (its toasts and lists' refresh are the caller's). */
  invitation: {
    mutate: (values: InvitationFormOutput, options: { onSuccess: () => void }) => void;
    isPending: boolean;
    reset: () => void;
  };
}) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InvitationFormInput, unknown, InvitationFormOutput>({
    resolver: zodResolver(createParentInvitationInput),
    defaultValues: { name: "", email: "" },
  });

  function close(next: boolean) {
    if (!next) {
      reset();
      invitation.reset();
    }
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => invitation.mutate(values, { onSuccess: () => close(false) }))}
      >
        <TextField
          label={nameLabel}
          autoComplete="off"
          autoFocus
          error={errors.name?.message}
          maxLength={maxLengthOf(createParentInvitationInput.shape.name)}
          {...register("name")}
        />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          maxLength={maxLengthOf(createParentInvitationInput.shape.email)}
          {...register("email")}
        />
        <DialogActions
          onCancel={() => close(false)}
          submitLabel={t`Send Invitation`}
          pendingLabel={t`Sending…`}
          pending={invitation.isPending}
        />
      </form>
    </Dialog>
  );
}
