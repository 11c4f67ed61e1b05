import { zodResolver } from "@hookform/resolvers/zod";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Plus } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ROUTE_DIRECTION_LABELS, ROUTE_TYPES } from "#shared/enums.ts";
import { routeFormSchema, SCHOOL_DAYS } from "#shared/routes.ts";
import { DEFAULT_TIME_ZONE, todayIn } from "#shared/school-time.ts";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { EnumSelectField, maxLengthOf, TextField } from "../../../components/ui/form.tsx";
import { DriverSelect } from "../../../features/drivers/admin/DriverSelect.tsx";
import { type BusRow, type RouteRow, useSaveRoute } from "../../../features/routes/hooks.ts";
import { useSchoolZone } from "../../../lib/school-zone.ts";
import { selectClass, WeekdayPicker } from "./fields.tsx";

const BusFormDialog = lazy(() => import("./BusFormDialog.tsx"));

type RouteForm = z.infer<typeof routeFormSchema>;
type RouteFormInput = z.input<typeof routeFormSchema>;

const nullWhenEmpty = (value: unknown) => (value === "" || value === undefined ? null : value);

function defaults(route: RouteRow | null, today: string): RouteForm {
  if (route)
    return {
      name: route.name,
      direction: route.direction,
      colour: route.colour,
      busId: route.bus?.id ?? null,
      driverId: route.driverId,
      driverName: route.driverName,
      activeFrom: route.activeFrom,
      activeTo: route.activeTo,
      weekdays: route.weekdays,
    };
  return {
    name: "",
    direction: "pickup",
    colour: "#b45309",
    busId: null,
    driverId: null,
    driverName: "",
    activeFrom: today,
    activeTo: null,
    weekdays: [...SCHOOL_DAYS],
  };
}

/**
 * New Route / Edit Route: name, direction, colour, bus (or a new one, added here), driver, the days
 * it is active and the weekdays it runs. Its stops are set on the route's own page.
 */
export default function RouteFormDialog({
  open,
  onOpenChange,
  route,
  buses,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  route: RouteRow | null;
  buses: readonly BusRow[];
  /** A new route was created (its page opens, to add the stops). */
  onCreated: (routeId: string) => void;
}) {
  const { t } = useLingui();
  const zone = useSchoolZone();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<RouteFormInput, unknown, RouteForm>({
    resolver: zodResolver(routeFormSchema),
    // A new route is active from the school's today, not the browser's (ADR 0020).
    defaultValues: defaults(route, todayIn(zone ?? DEFAULT_TIME_ZONE, new Date())),
  });
  const driverIdField = register("driverId", { setValueAs: nullWhenEmpty });
  const save = useSaveRoute((id) => {
    onOpenChange(false);
    if (!route) onCreated(id);
  });
  const [addingBus, setAddingBus] = useState(false);
  // A bus added from here is chosen once the list of buses, refetched, has its option.
  const [newBus, setNewBus] = useState<string | null>(null);
  useEffect(() => {
    if (newBus && buses.some((bus) => bus.id === newBus)) {
      setValue("busId", newBus);
      setNewBus(null);
    }
  }, [buses, newBus, setValue]);
  const ids = { bus: useId() };
  const weekdays = watch("weekdays") ?? [];
  const driverId = watch("driverId") ?? null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={route ? t`Edit Route` : t`New Route`}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => {
          if (route) save.update.mutate({ routeId: route.id, route: values });
          else save.create.mutate({ route: values });
        })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Route Name`}
            autoFocus
            error={errors.name?.message}
            maxLength={maxLengthOf(routeFormSchema.shape.name)}
            {...register("name")}
          />
          <EnumSelectField
            label={t`Direction`}
            values={ROUTE_TYPES}
            labels={ROUTE_DIRECTION_LABELS}
            {...register("direction")}
          />
          <div>
            <label htmlFor={ids.bus} className="block text-sm font-medium text-slate-700">
              <Trans>Bus</Trans>
            </label>
            <div className="flex items-end gap-2">
              <select id={ids.bus} className={selectClass} {...register("busId", { setValueAs: nullWhenEmpty })}>
                <option value="">{t`No bus yet`}</option>
                {buses.map(({ id, number, seats }) => (
                  <option key={id} value={id}>
                    {plural(seats, { one: `Bus ${number} (# seat)`, other: `Bus ${number} (# seats)` })}
                  </option>
                ))}
              </select>
              <SecondaryButton className="min-h-11 shrink-0" onClick={() => setAddingBus(true)}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                <Trans>New bus</Trans>
              </SecondaryButton>
            </div>
            {errors.busId ? <p className="mt-1 text-sm text-red-700">{errors.busId.message}</p> : null}
          </div>
          <DriverSelect
            field={driverIdField}
            current={route?.driverId ?? null}
            error={errors.driverId?.message}
            onChosen={(driver) => driver && setValue("driverName", driver.name, { shouldValidate: true })}
          />
          <TextField
            label={t`Driver Name`}
            readOnly={driverId !== null}
            hint={driverId !== null ? t`The driver's account name.` : t`Without an account: the name on the run.`}
            error={errors.driverName?.message}
            maxLength={maxLengthOf(routeFormSchema.shape.driverName)}
            {...register("driverName")}
          />
          <TextField
            label={t`Active From`}
            type="date"
            error={errors.activeFrom?.message}
            {...register("activeFrom")}
          />
          <TextField
            label={t`Active To (optional)`}
            type="date"
            error={errors.activeTo?.message}
            {...register("activeTo", { setValueAs: nullWhenEmpty })}
          />
          <TextField
            label={t`Colour`}
            type="color"
            className="sm:col-span-2"
            error={errors.colour?.message}
            {...register("colour")}
          />
        </div>
        <WeekdayPicker
          value={weekdays}
          onChange={(days) => setValue("weekdays", days, { shouldValidate: true })}
          error={errors.weekdays?.message}
        />
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={route ? t`Save Changes` : t`Create Route`}
          pendingLabel={t`Saving…`}
          pending={save.isPending}
        />
      </form>
      {addingBus ? (
        <Suspense fallback={null}>
          <BusFormDialog open onOpenChange={(next) => setAddingBus(next)} onCreated={setNewBus} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
