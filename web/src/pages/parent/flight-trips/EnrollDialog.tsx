import { zodResolver } from "@hookform/resolvers/zod";
import { i18n } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { ENROLLMENT_MEDICAL_MAX, medicalNotesOf, nextPaymentCents } from "#shared/flight-trip-texts.ts";
import type { EnrollmentForm } from "#shared/flight-trips.ts";
import { enrollmentFormFor } from "#shared/phone-forms.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { TextField } from "../../../components/ui/form.tsx";
import { useMyProfile } from "../../../features/account/hooks.ts";
import {
  type ParentFamilyChild,
  type ParentFlightTrip,
  useEnroll,
} from "../../../features/flight-trips/parent/hooks.ts";
import { useMoney, usePhoneRegion } from "../../../lib/school-zone.ts";

const fieldClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none aria-[invalid=true]:border-red-500";

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trip: ParentFlightTrip;
  family: readonly ParentFamilyChild[];
};

/**
 * Enroll Now (spec): select child, emergency contact, emergency contact phone, medical information,
 * dietary restrictions, the terms; "Enroll & Pay Now" writes the enrolment and opens Checkout. The
 * account's emergency contact and the child's allergies and special needs fill the form in; every
 * field stays editable for this trip.
 */
export default function EnrollDialog({ open, onOpenChange, trip, family }: Props) {
  const money = useMoney();
  const { t } = useLingui();
  const title = trip.title;
  // What the parent pays now: the deposit (when the trip has one) or the full cost.
  const now = money(nextPaymentCents(trip, 0));
  const balance = money(trip.costPerStudentCents - (trip.depositCents ?? 0));
  const dueNow =
    trip.costPerStudentCents === 0
      ? t`This trip is free: the enrolment is confirmed at once.`
      : trip.depositCents === null
        ? t`You pay the full cost of ${now} now.`
        : t`You pay the ${now} deposit now and the balance of ${balance} later.`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Enroll in ${title}`} description={dueNow}>
      <EnrollForm trip={trip} family={family} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function EnrollForm({
  trip,
  family,
  onClose,
}: {
  trip: ParentFlightTrip;
  family: readonly ParentFamilyChild[];
  onClose: () => void;
}) {
  const choices = trip.children.filter((child) => child.canEnroll);
  // The phone rule in the school's region, as the server applies it.
  const region = usePhoneRegion();
  const schema = useMemo(() => enrollmentFormFor(region), [region]);
  const notesOf = (childId: string) => {
    const child = family.find((candidate) => candidate.id === childId);
    return child ? medicalNotesOf(child, i18n) : "";
  };
  const firstChild = choices.length === 1 ? choices[0]!.childId : "";
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    getFieldState,
    formState: { errors },
  } = useForm<EnrollmentForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      childId: firstChild,
      emergencyContact: "",
      emergencyPhone: "",
      medicalInfo: notesOf(firstChild),
      dietaryRestrictions: "",
    },
  });
  // The account's emergency contact fills in the fields the parent has not typed in yet (the form shows at once).
  const contact = useMyProfile("parent").data;
  useEffect(() => {
    if (!contact) return;
    for (const field of ["emergencyContact", "emergencyPhone"] as const) {
      if (!getFieldState(field).isDirty && !getValues(field)) setValue(field, contact[field] ?? "");
    }
  }, [contact, getFieldState, getValues, setValue]);
  const childField = register("childId", {
    // Choosing another child brings its notes, unless the parent has written their own for this trip.
    onChange: (event: { target: { value: string } }) => {
      if (!getFieldState("medicalInfo").isDirty) setValue("medicalInfo", notesOf(event.target.value));
    },
  });
  const { enroll, busy } = useEnroll(onClose);
  const ids = { child: useId(), medical: useId(), dietary: useId(), terms: useId() };
  const { t } = useLingui();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((values) => {
        if (!busy) enroll({ tripId: trip.id, enrollment: schema.parse(values) });
      })}
    >
      <div>
        <label htmlFor={ids.child} className="block text-sm font-medium text-slate-700">
          {t`Select Child`}
        </label>
        <select
          id={ids.child}
          className={fieldClass}
          aria-invalid={errors.childId ? true : undefined}
          aria-describedby={errors.childId ? `${ids.child}-error` : undefined}
          {...childField}
        >
          <option value="">{t`Select a child`}</option>
          {choices.map((child) => (
            <option key={child.childId} value={child.childId}>
              {child.childName}
            </option>
          ))}
        </select>
        <FieldError id={`${ids.child}-error`} message={errors.childId?.message} />
      </div>
      <TextField
        label={t`Emergency Contact`}
        autoComplete="name"
        maxLength={200}
        error={errors.emergencyContact?.message}
        {...register("emergencyContact")}
      />
      <TextField
        label={t`Emergency Contact Phone`}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={40}
        error={errors.emergencyPhone?.message}
        {...register("emergencyPhone")}
      />
      <div>
        <label htmlFor={ids.medical} className="block text-sm font-medium text-slate-700">
          {t`Medical Information`}
        </label>
        <textarea
          id={ids.medical}
          rows={3}
          maxLength={ENROLLMENT_MEDICAL_MAX}
          className={fieldClass}
          placeholder={t`Allergies, medication, conditions`}
          {...register("medicalInfo")}
        />
        <FieldError id={`${ids.medical}-error`} message={errors.medicalInfo?.message} />
      </div>
      <div>
        <label htmlFor={ids.dietary} className="block text-sm font-medium text-slate-700">
          {t`Dietary Restrictions`}
        </label>
        <textarea
          id={ids.dietary}
          rows={2}
          maxLength={1000}
          className={fieldClass}
          {...register("dietaryRestrictions")}
        />
        <FieldError id={`${ids.dietary}-error`} message={errors.dietaryRestrictions?.message} />
      </div>
      <div>
        <label htmlFor={ids.terms} className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
          <input
            id={ids.terms}
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? `${ids.terms}-error` : undefined}
            {...register("acceptTerms")}
          />
          <span>{t`I agree to the trip's terms and conditions and give my consent for my child to take part.`}</span>
        </label>
        <FieldError id={`${ids.terms}-error`} message={errors.acceptTerms?.message} />
      </div>
      <DialogActions
        onCancel={onClose}
        submitLabel={trip.costPerStudentCents === 0 ? t`Enroll Now` : t`Enroll & Pay Now`}
        pendingLabel={t`Enrolling…`}
        pending={busy}
      />
    </form>
  );
}
