import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { busFormSchema } from "#shared/buses.ts";
import { ROUTE_LIMITS } from "#shared/routes.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { maxLengthOf, TextField } from "../../../components/ui/form.tsx";
import { useCreateBus } from "../../../features/routes/hooks.ts";

type BusForm = z.input<typeof busFormSchema>;

/** New Bus: its number, seats (the bound on a run's riders) and plate. */
export default function BusFormDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (busId: string) => void;
}) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BusForm, unknown, z.output<typeof busFormSchema>>({
    resolver: zodResolver(busFormSchema),
    defaultValues: { number: "", seats: 40, plate: "" },
  });
  const create = useCreateBus((busId) => {
    onOpenChange(false);
    onCreated?.(busId);
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`New Bus`}>
      <form
        noValidate
        className="space-y-4"
        // The dialog may open from the route form: its submit must not submit that form too.
        onSubmit={(event) => {
          event.stopPropagation();
          void handleSubmit((bus) => create.mutate({ bus }))(event);
        }}
      >
        <TextField
          label={t`Bus Number`}
          autoFocus
          error={errors.number?.message}
          maxLength={maxLengthOf(busFormSchema.shape.number)}
          {...register("number")}
        />
        <TextField
          label={t`Seats`}
          type="number"
          min={1}
          max={ROUTE_LIMITS.maxSeats}
          step={1}
          inputMode="numeric"
          error={errors.seats?.message}
          {...register("seats", { valueAsNumber: true })}
        />
        <TextField label={t`Plate (optional)`} error={errors.plate?.message} maxLength={20} {...register("plate")} />
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t`Add Bus`}
          pendingLabel={t`Saving…`}
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}
