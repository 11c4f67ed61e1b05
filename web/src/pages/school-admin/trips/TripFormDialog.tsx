import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { isCalendarDate, weekday } from "#shared/calendar-dates.ts";
import { ROUTE_DIRECTION_LABELS, ROUTE_TYPES, TRIP_STATUSES } from "#shared/enums.ts";
import { createTripInput, TRIP_DEFAULTS, tripFormSchema, tripFormValues } from "#shared/trips.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { EnumSelectField, maxLengthOf, TextField } from "../../../components/ui/form.tsx";
import { DriverSelect } from "../../../features/drivers/admin/DriverSelect.tsx";
import type { TripRow } from "../../../features/trips/hooks.ts";
import { tripStatusLabels } from "../../../features/trips/labels.tsx";
import { useSaveTrip } from "../../../features/trips/save-trip.ts";
import { weekdayName } from "../../../features/trips/zoned-format.ts";

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The form: the trip, and for a new trip an optional Repeat (weekdays until a date). */
const formSchema = z
  .object({
    trip: tripFormSchema,
    repeat: z.boolean(),
    weekdays: z.array(z.string()),
    until: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.repeat) return;
    const parsed = createTripInput.safeParse({
      trip: values.trip,
      repeat: { weekdays: values.weekdays.map(Number), until: values.until },
    });
    for (const issue of parsed.error?.issues ?? []) {
      if (issue.path[0] !== "repeat") continue;
      ctx.addIssue({
        code: "custom",
        path: [issue.path[1] === "weekdays" ? "weekdays" : "until"],
        message: issue.message,
      });
    }
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function defaults(trip: TripRow | null, date: string, zone: string): FormInput {
  const day = String(weekday(date));
  return {
    trip: trip
      ? tripFormValues(trip, zone)
      : {
          routeName: "",
          routeType: "pickup",
          busNumber: "",
          driverId: null,
          driverName: "",
          departureDate: date,
          ...TRIP_DEFAULTS,
        },
    repeat: false,
    weekdays: [day],
    until: date,
  };
}

/**
 * New Trip / Edit Trip: every field, its default and rule, times in the school's zone
 * (`zone`), and for a new trip Repeat on chosen weekdays until a date.
 */
export default function TripFormDialog({
  open,
  onOpenChange,
  trip,
  date,
  zone,
  routes,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trip: TripRow | null;
  /** The departure date a new trip starts with. */
  date: string;
  zone: string;
  routes: readonly string[];
}) {
  const { t } = useLingui();
  const zoneName = zone.replaceAll("_", " ");
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(trip, date, zone),
  });
  // Repeat's weekday and Until start from the departure date and follow it until the admin sets them.
  const chosen = useRef({ weekdays: false, until: false });
  const followDate = (value: string) => {
    if (!isCalendarDate(value)) return;
    if (!chosen.current.weekdays) setValue("weekdays", [String(weekday(value))]);
    if (!chosen.current.until) setValue("until", value);
  };
  const save = useSaveTrip(() => onOpenChange(false));
  const repeat = watch("repeat");
  const driverId = watch("trip.driverId") ?? null;
  const ids = { routes: useId() };
  const tripErrors = errors.trip ?? {};
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={trip ? t`Edit Trip` : t`New Trip`}
      description={t`Times are in the school's time zone (${zoneName}).`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => {
          if (trip) save.update.mutate({ tripId: trip.id, trip: values.trip });
          else
            save.create.mutate({
              trip: values.trip,
              ...(values.repeat ? { repeat: { weekdays: values.weekdays.map(Number), until: values.until } } : {}),
            });
        })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Route Name`}
            list={ids.routes}
            autoFocus
            error={tripErrors.routeName?.message}
            maxLength={maxLengthOf(tripFormSchema.shape.routeName)}
            {...register("trip.routeName")}
          />
          <datalist id={ids.routes}>
            {routes.map((route) => (
              <option key={route} value={route} />
            ))}
          </datalist>
          <EnumSelectField
            label={t`Route Type`}
            values={ROUTE_TYPES}
            labels={ROUTE_DIRECTION_LABELS}
            {...register("trip.routeType")}
          />
          <TextField
            label={t`Bus Number`}
            error={tripErrors.busNumber?.message}
            maxLength={maxLengthOf(tripFormSchema.shape.busNumber)}
            {...register("trip.busNumber")}
          />
          <DriverSelect
            field={register("trip.driverId", { setValueAs: (value) => (value ? value : null) })}
            current={trip?.driverId ?? null}
            error={tripErrors.driverId?.message}
            onChosen={(driver) => driver && setValue("trip.driverName", driver.name, { shouldValidate: true })}
          />
          <TextField
            label={t`Driver Name`}
            readOnly={driverId !== null}
            hint={driverId !== null ? t`The driver's account name.` : undefined}
            error={tripErrors.driverName?.message}
            maxLength={maxLengthOf(tripFormSchema.shape.driverName)}
            {...register("trip.driverName")}
          />
          {/* Date and times share a row of three: a time field in a quarter of the dialog cut "02:30 PM" to "02:30". */}
          <div className="grid grid-cols-2 gap-4 sm:col-span-2 sm:grid-cols-3">
            <TextField
              label={t`Departure Date`}
              type="date"
              className="col-span-2 sm:col-span-1"
              error={tripErrors.departureDate?.message}
              {...register("trip.departureDate", { onChange: (event) => followDate(event.target.value) })}
            />
            <TextField
              label={t`Departure Time`}
              type="time"
              error={tripErrors.departureTime?.message}
              {...register("trip.departureTime")}
            />
            <TextField
              label={t`Estimated Arrival`}
              type="time"
              error={tripErrors.arrivalTime?.message}
              {...register("trip.arrivalTime")}
            />
          </div>
          <TextField
            label={t`Total Stops`}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            error={tripErrors.stops?.message}
            {...register("trip.stops")}
          />
          <TextField
            label={t`Estimated Students`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            error={tripErrors.studentsCount?.message}
            {...register("trip.studentsCount")}
          />
          <EnumSelectField
            label={t`Status`}
            values={TRIP_STATUSES}
            labels={tripStatusLabels()}
            {...register("trip.status")}
          />
        </div>
        {trip ? null : (
          <fieldset className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">
              <label className="inline-flex min-h-10 items-center gap-2">
                <input type="checkbox" className="h-4 w-4" {...register("repeat")} />
                <Trans>Repeat</Trans>
              </label>
            </legend>
            {repeat ? (
              <div className="space-y-3">
                <div>
                  <p className="text-sm text-slate-700">
                    <Trans>On</Trans>
                  </p>
                  <div className="mt-1 flex flex-wrap gap-2">
                    {WEEKDAYS.map((day) => (
                      <label
                        key={day}
                        className="inline-flex min-h-10 items-center gap-1 rounded-md border border-slate-300 px-2 text-sm"
                      >
                        <input
                          type="checkbox"
                          value={String(day)}
                          className="h-4 w-4"
                          {...register("weekdays", {
                            onChange: () => {
                              chosen.current.weekdays = true;
                            },
                          })}
                        />
                        {weekdayName(day, "short")}
                      </label>
                    ))}
                  </div>
                  {errors.weekdays ? <p className="mt-1 text-sm text-red-700">{errors.weekdays.message}</p> : null}
                </div>
                <TextField
                  label={t`Until`}
                  type="date"
                  error={errors.until?.message}
                  {...register("until", {
                    onChange: () => {
                      chosen.current.until = true;
                    },
                  })}
                />
              </div>
            ) : null}
          </fieldset>
        )}
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={trip ? t`Save Changes` : t`Create Trip`}
          pendingLabel={t`Saving…`}
          pending={save.isPending}
        />
      </form>
    </Dialog>
  );
}
