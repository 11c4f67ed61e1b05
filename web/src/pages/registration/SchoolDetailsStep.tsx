import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useI18n } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { COUNTRY_REGIONS } from "#shared/country-regions.ts";
import { LOCALE_TAGS } from "#shared/locales.ts";
import {
  ADMIN_ROLE_OPTIONS,
  COUNTRY_OPTIONS,
  REGISTRATION_MAX_LENGTHS,
  SCHOOL_TYPE_OPTIONS,
} from "#shared/registration-constants.ts";
import { activeLocale } from "../../i18n/i18n.ts";
import { SCHOOL_TYPE_LABELS } from "../../lib/labels.ts";
import { timeZoneSelectOptions } from "../../lib/time-zone.ts";
import { InputField, SelectField } from "./fields.tsx";
import { StepActions } from "./StepActions.tsx";
import { StepForm } from "./StepForm.tsx";
import { type DetailsForm, type FieldName, localToday } from "./wizard.ts";

const TIME_ZONES = timeZoneSelectOptions();

// Read when the form renders, not when the module loads: a chunk's texts arrive after it runs (ADR 0085).
const schoolTypes = () => SCHOOL_TYPE_OPTIONS.map((value) => ({ value, label: SCHOOL_TYPE_LABELS[value] }));

/** The roles as the reader's language says them (the value sent stays the English one). */
const ADMIN_ROLE_LABELS: Record<(typeof ADMIN_ROLE_OPTIONS)[number], MessageDescriptor> = {
  "Head Teacher": msg`Head Teacher`,
  Principal: msg`Principal`,
  "IT Coordinator": msg`IT Coordinator`,
  "Transportation Manager": msg`Transportation Manager`,
  Administrator: msg`Administrator`,
  Other: msg`Other`,
};

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
  const { t } = useLingui();
  const { i18n } = useI18n();
  const adminRoles = ADMIN_ROLE_OPTIONS.map((value) => ({ value, label: i18n._(ADMIN_ROLE_LABELS[value]) }));
  const countryNames = new Intl.DisplayNames([LOCALE_TAGS[activeLocale()]], { type: "region" });
  const countries = COUNTRY_OPTIONS.map((value) => {
    // Each country's ISO code (the phone rules' list), for its name in the reader's language; the value sent stays the English name.
    const code = COUNTRY_REGIONS[value];
    return { value, label: code ? (countryNames.of(code) ?? value) : t`Other` };
  });
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
      <Section title={t`School`}>
        <InputField
          label={t`School Name`}
          autoComplete="organization"
          className="sm:col-span-2"
          {...field("schoolName")}
        />
        <SelectField
          label={t`School Type`}
          placeholder={t`Select school type`}
          options={schoolTypes()}
          {...field("schoolType")}
        />
        <SelectField label={t`Country`} autoComplete="country-name" options={countries} {...field("schoolCountry")} />
        <InputField
          label={t`Number of Pupils`}
          min={1}
          hint={t`Your plan is based on the number of pupils.`}
          {...countField("pupilCount")}
        />
        <InputField label={t`Number of Buses`} min={0} {...countField("busCount")} />
        <InputField
          label={t`Intended Start Date`}
          type="date"
          min={localToday()}
          hint={t`Today or later.`}
          {...field("intendedStartDate")}
        />
        <SelectField
          label={t`Time Zone`}
          options={TIME_ZONES}
          hint={t`Trip times are shown in it.`}
          {...field("timeZone")}
        />
      </Section>

      <Section title={t`Administrator`}>
        <InputField label={t`Admin Full Name`} autoComplete="name" {...field("adminFullName")} />
        <SelectField
          label={t`Admin Role`}
          placeholder={t`Select a role`}
          options={adminRoles}
          {...field("adminRole")}
        />
        <InputField
          label={t`Admin Email`}
          type="email"
          autoComplete="email"
          hint={t`We will send a verification code to this address.`}
          {...field("adminEmail")}
        />
        <InputField label={t`Admin Phone`} type="tel" autoComplete="tel" optional {...field("adminPhone")} />
      </Section>

      <Section title={t`School Address`}>
        <InputField
          label={t`Street Address`}
          autoComplete="street-address"
          className="sm:col-span-2"
          {...field("schoolAddress")}
        />
        <InputField label={t`City`} autoComplete="address-level2" {...field("schoolCity")} />
        <InputField label={t`State/Province`} autoComplete="address-level1" {...field("schoolState")} />
        <InputField label={t`ZIP/Postal Code`} autoComplete="postal-code" {...field("schoolZipCode")} />
      </Section>

      <StepActions label={t`Continue`} pendingLabel={t`Submitting…`} pending={pending} />
    </StepForm>
  );
}
