import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { type NotifyEnrolledParentsForm, notifyEnrolledParentsInput } from "#shared/flight-trips.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { TextField } from "../../../components/ui/form.tsx";
import { useNotifyEnrolledParents } from "../../../features/flight-trips/admin/hooks.ts";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";

/** "Notify enrolled parents": a title and a message to the parents of the children holding a seat. */
export default function NotifyParentsDialog({
  open,
  onOpenChange,
  trip,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trip: { id: string; title: string };
}) {
  const { t } = useLingui();
  const title = trip.title;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NotifyEnrolledParentsForm>({
    resolver: zodResolver(notifyEnrolledParentsInput),
    defaultValues: { tripId: trip.id, title: "", message: "", email: true },
  });
  const send = useNotifyEnrolledParents(() => onOpenChange(false));
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Notify Enrolled Parents`}
      description={t`To the parents of every child enrolled in ${title} (confirmed or pending).`}
    >
      <form noValidate className="space-y-4" onSubmit={handleSubmit((values) => send.mutate(values))}>
        <TextField label={t`Title`} autoFocus maxLength={120} error={errors.title?.message} {...register("title")} />
        <div>
          <label htmlFor={messageId} className="block text-sm font-medium text-slate-700">
            <Trans>Message</Trans>
          </label>
          <textarea
            id={messageId}
            rows={4}
            maxLength={2000}
            className={inputClass}
            aria-invalid={errors.message ? true : undefined}
            {...register("message")}
          />
          {errors.message ? <p className="mt-1 text-sm text-red-700">{errors.message.message}</p> : null}
        </div>
        <label className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4" {...register("email")} />
          <Trans>Also send an e-mail copy</Trans>
        </label>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t`Send`}
          pendingLabel={t`Sending…`}
          pending={send.isPending}
        />
      </form>
    </Dialog>
  );
}
