import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { inviteDriverInput } from "#shared/drivers.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { maxLengthOf, TextField } from "../../../components/ui/form.tsx";
import { useInviteDriver } from "../../../features/drivers/admin/hooks.ts";

type InviteForm = z.input<typeof inviteDriverInput>;

/** Invite Driver: a name and an e-mail; the driver gets a link to create their account (ADR 0057). */
export default function InviteDriverDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InviteForm, unknown, z.output<typeof inviteDriverInput>>({
    resolver: zodResolver(inviteDriverInput),
    defaultValues: { name: "", email: "" },
  });
  const invite = useInviteDriver(() => onOpenChange(false));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite Driver"
      description="The driver receives an e-mail with a link to create their account. It expires like a parent's invitation."
    >
      <form noValidate className="space-y-4" onSubmit={handleSubmit((values) => invite.mutate(values))}>
        <TextField
          label="Driver Name"
          autoFocus
          autoComplete="off"
          error={errors.name?.message}
          maxLength={maxLengthOf(inviteDriverInput.shape.name)}
          {...register("name")}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          maxLength={254}
          {...register("email")}
        />
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel="Send Invitation"
          pendingLabel="Sending…"
          pending={invite.isPending}
        />
      </form>
    </Dialog>
  );
}
