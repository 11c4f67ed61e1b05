import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { createParentInvitationInput } from "#shared/invitations.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { maxLengthOf, TextField } from "../../../components/ui/form.tsx";
import { useCreateParentInvitation } from "../../../features/invitations/hooks.ts";

type InviteInput = z.input<typeof createParentInvitationInput>;
type InviteOutput = z.output<typeof createParentInvitationInput>;

/** "Invite Parent": name and e-mail; the server sends the invitation e-mail. */
export function ParentInvitationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(createParentInvitationInput),
    defaultValues: { name: "", email: "" },
  });

  const invite = useCreateParentInvitation();

  function close(next: boolean) {
    if (!next) {
      reset();
      invite.reset();
    }
    onOpenChange(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Invite Parent"
      description="They will receive an e-mail with a link to set up their account."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => invite.mutate(values, { onSuccess: () => close(false) }))}
      >
        <TextField
          label="Name"
          autoComplete="off"
          autoFocus
          error={errors.name?.message}
          maxLength={maxLengthOf(createParentInvitationInput.shape.name)}
          {...register("name")}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          maxLength={maxLengthOf(createParentInvitationInput.shape.email)}
          {...register("email")}
        />
        <DialogActions
          onCancel={() => close(false)}
          submitLabel="Send Invitation"
          pendingLabel="Sending…"
          pending={invite.isPending}
        />
      </form>
    </Dialog>
  );
}
