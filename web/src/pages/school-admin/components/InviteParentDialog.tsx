import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { inviteParentSchema } from "#shared/invitations.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { TextField } from "../../../components/ui/form.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { notify } from "../../../lib/toast.ts";
import { useTRPC } from "../../../trpc.ts";

type InviteInput = z.input<typeof inviteParentSchema>;
type InviteOutput = z.output<typeof inviteParentSchema>;

/** "Invite Parent": name and e-mail; the server sends the invitation e-mail. */
export function InviteParentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteInput, unknown, InviteOutput>({ resolver: zodResolver(inviteParentSchema), defaultValues: { name: "", email: "" } });

  const invite = useMutation(
    trpc.schoolAdmin.invitations.create.mutationOptions({
      onSuccess: async ({ email }) => {
        notify("success", "Invitation Sent", `Invitation sent to ${email}`);
        close(false);
        await queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
      },
      onError: (error) => notify("error", "Invitation Failed", errorMessage(error)),
    }),
  );

  function close(next: boolean) {
    if (!next) {
      reset();
      invite.reset();
    }
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Invite Parent" description="They will receive an e-mail with a link to set up their account.">
      <form noValidate className="space-y-4" onSubmit={handleSubmit((values) => invite.mutate(values))}>
        <TextField label="Name" autoComplete="off" autoFocus error={errors.name?.message} {...register("name")} />
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register("email")} />
        <DialogActions onCancel={() => close(false)} submitLabel="Send Invitation" pendingLabel="Sending…" pending={invite.isPending} />
      </form>
    </Dialog>
  );
}
