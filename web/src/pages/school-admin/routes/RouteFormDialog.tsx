import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ROUTE_TYPES } from "#shared/enums.ts";
import { routeFormSchema, SCHOOL_DAYS, WEEKDAY_NAMES } from "#shared/routes.ts";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { maxLengthOf, TextField } from "../../../components/ui/form.tsx";
import { type BusRow, type RouteRow, useSaveRoute } from "../../../features/routes/hooks.ts";
import { ROUTE_TYPE_LABELS } from "../../../features/trips/labels.tsx";

const BusFormDialog = lazy(() => import("./BusFormDialog.tsx"));

type RouteForm = z.infer<typeof routeFormSchema>;

export const selectClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";

const nullWhenEmpty = (value: unknown) => (value === "" || value === undefined ? null : value);

function defaults(route: RouteRow | null, today: string): RouteForm {
  if (route)
    return {
      name: route.name,
      direction: route.direction,
      colour: route.colour,
      busId: route.bus?.id ?? null,
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
    driverName: "",
    activeFrom: today,
    activeTo: null,
    weekdays: [...SCHOOL_DAYS],
  };
}

/** The weekday checkboxes of a route or a rider (0 = Sunday), as numbers. */
export function WeekdayPicker({
  value,
  onChange,
  error,
  legend = "Runs on",
}: {
  value: readonly number[];
  onChange: (days: number[]) => void;
  error?: string | undefined;
  legend?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {WEEKDAY_NAMES.map((name, day) => (
          <label
            key={name}
            className="inline-flex min-h-10 items-center gap-1 rounded-md border border-slate-300 px-2 text-sm"
          >
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(day)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, day].sort() : value.filter((chosen) => chosen !== day))
              }
            />
            <span aria-hidden="true">{name.slice(0, 3)}</span>
            <span className="sr-only">{name}</span>
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
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
  today,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  route: RouteRow | null;
  buses: readonly BusRow[];
  /** The school's today: a new route is active from it. */
  today: string;
  /** A new route was created (its page opens, to add the stops). */
  onCreated: (routeId: string) => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<RouteForm>({ resolver: zodResolver(routeFormSchema), defaultValues: defaults(route, today) });
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
  const ids = { direction: useId(), bus: useId() };
  const weekdays = watch("weekdays");
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={route ? "Edit Route" : "New Route"}>
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
            label="Route Name"
            autoFocus
            error={errors.name?.message}
            maxLength={maxLengthOf(routeFormSchema.shape.name)}
            {...register("name")}
          />
          <div>
            <label htmlFor={ids.direction} className="block text-sm font-medium text-slate-700">
              Direction
            </label>
            <select id={ids.direction} className={selectClass} {...register("direction")}>
              {ROUTE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ROUTE_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.bus} className="block text-sm font-medium text-slate-700">
              Bus
            </label>
            <div className="flex items-end gap-2">
              <select id={ids.bus} className={selectClass} {...register("busId", { setValueAs: nullWhenEmpty })}>
                <option value="">No bus yet</option>
                {buses.map((bus) => (
                  <option key={bus.id} value={bus.id}>
                    Bus {bus.number} ({bus.seats} seats)
                  </option>
                ))}
              </select>
              <SecondaryButton className="min-h-11 shrink-0" onClick={() => setAddingBus(true)}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                New bus
              </SecondaryButton>
            </div>
            {errors.busId ? <p className="mt-1 text-sm text-red-700">{errors.busId.message}</p> : null}
          </div>
          <TextField
            label="Driver Name"
            error={errors.driverName?.message}
            maxLength={maxLengthOf(routeFormSchema.shape.driverName)}
            {...register("driverName")}
          />
          <TextField label="Active From" type="date" error={errors.activeFrom?.message} {...register("activeFrom")} />
          <TextField
            label="Active To (optional)"
            type="date"
            error={errors.activeTo?.message}
            {...register("activeTo", { setValueAs: nullWhenEmpty })}
          />
          <TextField
            label="Colour"
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
          submitLabel={route ? "Save Changes" : "Create Route"}
          pendingLabel="Saving…"
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
