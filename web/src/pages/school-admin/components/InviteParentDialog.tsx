import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { inviteParentSchema } from "../../../../../worker/schemas/invitations.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Button, TextField } from "../../../components/ui/form.tsx";
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
    trpc.schoolAdmin.parents.invite.mutationOptions({
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
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => close(false)}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Cancel
          </button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? "Sending…" : "Send Invitation"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
