import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo } from "react";
import { type DefaultValues, useForm } from "react-hook-form";
import {
  deadlineInPast,
  FLIGHT_TRIP_MESSAGES,
  FLIGHT_TRIP_STATUS_LABELS,
  FLIGHT_TRIP_STATUSES,
  type FlightTripForm,
  type FlightTripValues,
  flightTripFormSchemaIn,
  flightTripFormValues,
} from "#shared/flight-trips.ts";
import { amountStep, type Currency, currencySymbol, minorUnits } from "#shared/money.ts";
import { todayIn } from "#shared/school-time.ts";
import { ConfirmDialog, Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { EnumSelectField, TextField } from "../../../components/ui/form.tsx";
import { type FlightTripRow, useSaveFlightTrip } from "../../../features/flight-trips/admin/hooks.ts";
import { useSchoolCurrency } from "../../../lib/school-zone.ts";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";
const labelClass = "block text-sm font-medium text-slate-700";

/** An empty box is "not given" (null), a number otherwise; the schema says what is wrong. */
const optionalNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? null : Number(value);
const requiredNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? undefined : Number(value);

function defaults(trip: FlightTripRow | null, currency: Currency): DefaultValues<FlightTripForm> {
  if (!trip)
    return {
      title: "",
      departureAirport: "",
      arrivalAirport: "",
      departureDate: "",
      departureTime: "08:00",
      returnDate: "",
      returnTime: "18:00",
      airline: "",
      deposit: null,
      description: "",
      status: "scheduled",
      enrollmentDeadline: "",
      capacity: null,
    };
  return flightTripFormValues(trip, currency);
}

/**
 * Create Trip / Edit: every field of the contract, the rules of the shared schema (the
 * server applies the same), dates and times as wall-clock in the school's zone, amounts in the
 * school's currency (its decimals: none for JPY).
 */
export default function FlightTripFormDialog({
  open,
  onOpenChange,
  trip,
  zone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trip: FlightTripRow | null;
  zone: string;
}) {
  const { t } = useLingui();
  const today = todayIn(zone, new Date());
  const zoneName = zone.replaceAll("_", " ");
  const saved = trip?.enrollmentDeadline ?? null;
  const currency = useSchoolCurrency();
  const symbol = currencySymbol(currency);
  const step = amountStep(currency);
  const inputMode = minorUnits(currency) === 0 ? "numeric" : "decimal";
  // The server's deadline rule, with the school's today: a new or changed deadline is not in the past.
  const schema = useMemo(
    () =>
      flightTripFormSchemaIn(currency).refine((values) => !deadlineInPast(values.enrollmentDeadline, today, saved), {
        path: ["enrollmentDeadline"],
        message: FLIGHT_TRIP_MESSAGES.deadlinePast,
      }),
    [today, saved, currency],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FlightTripForm, unknown, FlightTripValues>({
    resolver: zodResolver(schema),
    defaultValues: defaults(trip, currency),
  });
  const save = useSaveFlightTrip(() => onOpenChange(false));
  const ids = { description: useId() };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={trip ? t`Edit Flight Trip` : t`Create Flight Trip`}
      description={t`Dates and times are in the school's time zone (${zoneName}).`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => {
          if (trip) save.update.mutate({ tripId: trip.id, trip: values });
          else save.create.mutate({ trip: values });
        })}
      >
        <TextField
          label={t`Trip Title`}
          autoFocus
          maxLength={120}
          error={errors.title?.message}
          {...register("title")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Departure Airport`}
            maxLength={80}
            placeholder={t`e.g. BOS`}
            error={errors.departureAirport?.message}
            {...register("departureAirport")}
          />
          <TextField
            label={t`Arrival Airport`}
            maxLength={80}
            placeholder={t`e.g. DCA`}
            error={errors.arrivalAirport?.message}
            {...register("arrivalAirport")}
          />
          <TextField
            label={t`Departure Date`}
            type="date"
            error={errors.departureDate?.message}
            {...register("departureDate")}
          />
          <TextField
            label={t`Departure Time`}
            type="time"
            error={errors.departureTime?.message}
            {...register("departureTime")}
          />
          <TextField
            label={t`Return Date`}
            type="date"
            error={errors.returnDate?.message}
            {...register("returnDate")}
          />
          <TextField
            label={t`Return Time`}
            type="time"
            error={errors.returnTime?.message}
            {...register("returnTime")}
          />
          <TextField label={t`Airline`} maxLength={80} error={errors.airline?.message} {...register("airline")} />
          <TextField
            label={t`Cost per Student (${symbol})`}
            type="number"
            min={0}
            step={step}
            inputMode={inputMode}
            error={errors.costPerStudent?.message}
            {...register("costPerStudent", { setValueAs: requiredNumber })}
          />
          <TextField
            label={t`Deposit (${symbol}, optional)`}
            type="number"
            min={step}
            step={step}
            inputMode={inputMode}
            hint={t`Paid first; the balance later. Leave empty to pay in full.`}
            error={errors.deposit?.message}
            {...register("deposit", { setValueAs: optionalNumber })}
          />
          <TextField
            label={t`Enrolment Deadline`}
            type="date"
            min={saved !== null && saved < today ? undefined : today}
            hint={t`Last day to enrol (inclusive).`}
            error={errors.enrollmentDeadline?.message}
            {...register("enrollmentDeadline")}
          />
          <TextField
            label={t`Capacity (optional)`}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            hint={t`Seats; empty for no limit.`}
            error={errors.capacity?.message}
            {...register("capacity", { setValueAs: optionalNumber })}
          />
          <EnumSelectField
            label={t`Status`}
            values={FLIGHT_TRIP_STATUSES}
            labels={FLIGHT_TRIP_STATUS_LABELS}
            {...register("status")}
          />
        </div>
        <div>
          <label htmlFor={ids.description} className={labelClass}>
            <Trans>Description</Trans>
          </label>
          <textarea
            id={ids.description}
            rows={3}
            maxLength={2000}
            className={inputClass}
            aria-invalid={errors.description ? true : undefined}
            {...register("description")}
          />
          {errors.description ? <p className="mt-1 text-sm text-red-700">{errors.description.message}</p> : null}
        </div>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={trip ? t`Save Changes` : t`Create Trip`}
          pendingLabel={t`Saving…`}
          pending={save.isPending}
        />
      </form>
      <ConfirmDialog
        open={save.refunds !== null}
        onOpenChange={(next) => (next ? undefined : save.keepEditing())}
        title={t`Refund the difference?`}
        message={save.refunds?.message ?? ""}
        confirmLabel={t`Save and Refund`}
        onConfirm={save.confirmRefunds}
        busy={save.isPending}
      />
    </Dialog>
  );
}
