import type { ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ADMIN_ROLE_OPTIONS, COUNTRY_OPTIONS, type RegistrationInput, type registrationSchema, SCHOOL_TYPE_OPTIONS } from "#shared/registration.ts";
import { SCHOOL_TYPE_LABELS } from "../../lib/labels.ts";
import { InputField, SelectField } from "./fields.tsx";
import { StepActions } from "./StepActions.tsx";
import { localToday } from "./wizard.ts";

export type RegistrationOutput = z.output<ReturnType<typeof registrationSchema>>;
export type RegistrationForm = UseFormReturn<RegistrationInput, unknown, RegistrationOutput>;

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

/** Step 1: the school, its administrator and its address. */
export function SchoolDetailsStep({ form, onSubmit, pending }: { form: RegistrationForm; onSubmit: () => void; pending: boolean }) {
  const {
    register,
    formState: { errors },
  } = form;
  const invalid = (field: keyof RegistrationInput) => Boolean(errors[field]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="mt-6 space-y-8"
    >
      <Section title="School">
        <InputField label="School Name" autoComplete="organization" className="sm:col-span-2" invalid={invalid("schoolName")} {...register("schoolName")} />
        <SelectField label="School Type" placeholder="Select school type" options={SCHOOL_TYPES} invalid={invalid("schoolType")} {...register("schoolType")} />
        <SelectField label="Country" autoComplete="country-name" options={COUNTRIES} invalid={invalid("schoolCountry")} {...register("schoolCountry")} />
        <InputField
          label="Number of Pupils"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          invalid={invalid("pupilCount")}
          hint="Your plan is based on the number of pupils."
          {...register("pupilCount", { valueAsNumber: true })}
        />
        <InputField
          label="Number of Buses"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          invalid={invalid("busCount")}
          {...register("busCount", { valueAsNumber: true })}
        />
        <InputField
          label="Intended Start Date"
          type="date"
          min={localToday()}
          invalid={invalid("intendedStartDate")}
          hint="Today or later."
          {...register("intendedStartDate")}
        />
      </Section>

      <Section title="Administrator">
        <InputField label="Admin Full Name" autoComplete="name" invalid={invalid("adminFullName")} {...register("adminFullName")} />
        <SelectField label="Admin Role" placeholder="Select a role" options={ADMIN_ROLES} invalid={invalid("adminRole")} {...register("adminRole")} />
        <InputField
          label="Admin Email"
          type="email"
          autoComplete="email"
          invalid={invalid("adminEmail")}
          hint="We will send a verification code to this address."
          {...register("adminEmail")}
        />
        <InputField label="Admin Phone" type="tel" autoComplete="tel" optional invalid={invalid("adminPhone")} {...register("adminPhone")} />
      </Section>

      <Section title="School Address">
        <InputField label="Street Address" autoComplete="street-address" className="sm:col-span-2" invalid={invalid("schoolAddress")} {...register("schoolAddress")} />
        <InputField label="City" autoComplete="address-level2" invalid={invalid("schoolCity")} {...register("schoolCity")} />
        <InputField label="State/Province" autoComplete="address-level1" invalid={invalid("schoolState")} {...register("schoolState")} />
        <InputField label="ZIP/Postal Code" autoComplete="postal-code" invalid={invalid("schoolZipCode")} {...register("schoolZipCode")} />
      </Section>

      <StepActions label="Continue" pendingLabel="Submitting…" pending={pending} />
    </form>
  );
}
