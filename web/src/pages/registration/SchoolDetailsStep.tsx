import type { ReactNode } from "react";
import {
  ADMIN_ROLE_OPTIONS,
  COUNTRY_OPTIONS,
  REGISTRATION_MAX_LENGTHS,
  SCHOOL_TYPE_OPTIONS,
} from "#shared/registration-constants.ts";
import { SCHOOL_TYPE_LABELS } from "../../lib/labels.ts";
import { timeZoneSelectOptions } from "../../lib/time-zone.ts";
import { InputField, SelectField } from "./fields.tsx";
import { StepActions } from "./StepActions.tsx";
import { StepForm } from "./StepForm.tsx";
import { type DetailsForm, type FieldName, localToday } from "./wizard.ts";

const TIME_ZONES = timeZoneSelectOptions();

const SCHOOL_TYPES = SCHOOL_TYPE_OPTIONS.map((value) => ({ value, label: SCHOOL_TYPE_LABELS[value] }));
const ADMIN_ROLES = ADMIN_ROLE_OPTIONS.map((value) => ({ value, label: value }));
const COUNTRIES = COUNTRY_OPTIONS.map((value) => ({ value, label: value }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-ink">{title}</legend>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type Props = {
  values: DetailsForm;
  onChange: (name: FieldName, value: string) => void;
  /** The fields the wizard's message is about (marked invalid until the next submit). */
  invalid: ReadonlySet<FieldName>;
  onSubmit: () => void;
  /** The form was first used: the wizard starts loading the code that checks and sends it. */
  onFirstUse: () => void;
  pending: boolean;
};

/**
 * Step 1: the school, its administrator and its address. A plain form (no form library): the
 * schema that checks it loads when it is first used (GetStartedPage).
 */
export function SchoolDetailsStep({ values, onChange, invalid, onSubmit, onFirstUse, pending }: Props) {
  /** A field's value, change handler and name (the wizard focuses the first invalid field by name). */
  const field = (name: FieldName) => ({
    name,
    maxLength: (REGISTRATION_MAX_LENGTHS as Partial<Record<FieldName, number>>)[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    invalid: invalid.has(name),
  });
  /** A whole-number field. */
  const countField = (name: "pupilCount" | "busCount") => ({
    type: "number",
    inputMode: "numeric" as const,
    step: 1,
    ...field(name),
  });

  return (
    <StepForm onSubmit={onSubmit} onFocus={onFirstUse} className="mt-6 space-y-8">
      <Section title="School">
        <InputField
          label="School Name"
          autoComplete="organization"
          className="sm:col-span-2"
          {...field("schoolName")}
        />
        <SelectField
          label="School Type"
          placeholder="Select school type"
          options={SCHOOL_TYPES}
          {...field("schoolType")}
        />
        <SelectField label="Country" autoComplete="country-name" options={COUNTRIES} {...field("schoolCountry")} />
        <InputField
          label="Number of Pupils"
          min={1}
          hint="Your plan is based on the number of pupils."
          {...countField("pupilCount")}
        />
        <InputField label="Number of Buses" min={0} {...countField("busCount")} />
        <InputField
          label="Intended Start Date"
          type="date"
          min={localToday()}
          hint="Today or later."
          {...field("intendedStartDate")}
        />
        <SelectField label="Time Zone" options={TIME_ZONES} hint="Trip times are shown in it." {...field("timeZone")} />
      </Section>

      <Section title="Administrator">
        <InputField label="Admin Full Name" autoComplete="name" {...field("adminFullName")} />
        <SelectField label="Admin Role" placeholder="Select a role" options={ADMIN_ROLES} {...field("adminRole")} />
        <InputField
          label="Admin Email"
          type="email"
          autoComplete="email"
          hint="We will send a verification code to this address."
          {...field("adminEmail")}
        />
        <InputField label="Admin Phone" type="tel" autoComplete="tel" optional {...field("adminPhone")} />
      </Section>

      <Section title="School Address">
        <InputField
          label="Street Address"
          autoComplete="street-address"
          className="sm:col-span-2"
          {...field("schoolAddress")}
        />
        <InputField label="City" autoComplete="address-level2" {...field("schoolCity")} />
        <InputField label="State/Province" autoComplete="address-level1" {...field("schoolState")} />
        <InputField label="ZIP/Postal Code" autoComplete="postal-code" {...field("schoolZipCode")} />
      </Section>

      <StepActions label="Continue" pendingLabel="Submitting…" pending={pending} />
    </StepForm>
  );
}
