import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { COUNTRY_REGIONS } from "#shared/country-regions.ts";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { COUNTRY_OPTIONS } from "#shared/registration.ts";
import { createSchoolInput, type SchoolFormInput } from "#shared/schools.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { maxLengthOf, TextField } from "../../../components/ui/form.tsx";
import { Loading } from "../../../components/ui/states.tsx";
import { useCreateSchool, useSchoolDetails, useUpdateSchool } from "../../../features/schools/dialog-hooks.ts";
import { activeLocale } from "../../../i18n/i18n.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { browserTimeZone, timeZoneSelectOptions } from "../../../lib/time-zone.ts";
import type { SchoolDetails, SchoolRef } from "./types.ts";

/**
 * A country of the form by its name in the reader's language (Intl's, from its ISO code; `other`
 * for the one without a code); the value sent stays the stored English name.
 */
function countryName(country: (typeof COUNTRY_OPTIONS)[number], other: string): string {
  const code = COUNTRY_REGIONS[country];
  if (!code) return other;
  return new Intl.DisplayNames([LOCALE_TAGS[activeLocale()]], { type: "region" }).of(code) ?? country;
}

const editSchema = createSchoolInput.extend({ isActive: z.boolean() });
type EditValues = z.infer<typeof editSchema>;
type Country = (typeof COUNTRY_OPTIONS)[number];

const emptyForm = (): SchoolFormInput => ({
  name: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  country: "",
  timeZone: browserTimeZone(),
});

/** "Create New School": the school fields (name and e-mail required, phone, address, country, time zone). */
export function CreateSchoolDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const form = useForm<SchoolFormInput>({ resolver: zodResolver(createSchoolInput), defaultValues: emptyForm() });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(emptyForm());
  }, [open, reset]);

  const create = useCreateSchool();

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Create New School`}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => create.mutate(values, { onSuccess: () => onOpenChange(false) }))}
      >
        <SchoolFields form={form} />
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t`Create School`}
          pendingLabel={t`Creating…`}
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}

/**
 * "Edit School": the school's current fields (from its details) and the Active checkbox. Rendered
 * only while a school is being edited.
 */
export function EditSchoolDialog({ school, onClose }: { school: SchoolRef; onClose: () => void }) {
  const { t } = useLingui();
  const details = useSchoolDetails(school.id, onClose);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t`Edit School`}>
      {details.data ? (
        <EditSchoolForm details={details.data} onClose={onClose} />
      ) : (
        <Loading label={t`Loading school…`} />
      )}
    </Dialog>
  );
}

function EditSchoolForm({ details, onClose }: { details: SchoolDetails; onClose: () => void }) {
  const { t } = useLingui();
  const { school } = details;
  const activeId = useId();
  const form = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      name: school.name,
      email: school.email,
      phone: school.phone ?? "",
      address: school.address ?? "",
      city: school.city ?? "",
      state: school.state ?? "",
      zipCode: school.zipCode ?? "",
      // A value outside the options (older data) cannot be saved back; it reads as "not provided".
      country: (COUNTRY_OPTIONS as readonly string[]).includes(school.country ?? "") ? (school.country as Country) : "",
      timeZone: school.timeZone,
      isActive: school.isActive,
    },
  });

  const update = useUpdateSchool();

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        update.mutate({ schoolId: school.id, ...values }, { onSuccess: onClose }),
      )}
    >
      <SchoolFields form={form} />
      <div className="flex items-start gap-3">
        <input
          id={activeId}
          type="checkbox"
          className="mt-1 h-4 w-4 rounded border-slate-300 accent-brand-700"
          aria-describedby={`${activeId}-hint`}
          {...form.register("isActive")}
        />
        <div>
          <label htmlFor={activeId} className="text-sm font-medium text-slate-700">
            <Trans>Active</Trans>
          </label>
          <p id={`${activeId}-hint`} className="text-xs text-slate-500">
            <Trans>An inactive school's admins and parents cannot use the service.</Trans>
          </p>
        </div>
      </div>
      <DialogActions
        onCancel={onClose}
        submitLabel={t`Save Changes`}
        pendingLabel={t`Saving…`}
        pending={update.isPending}
      />
    </form>
  );
}

/** The school fields shared by both dialogs; works for either form's values. */
function SchoolFields({
  form,
}: {
  form: ReturnType<typeof useForm<SchoolFormInput>> | ReturnType<typeof useForm<EditValues>>;
}) {
  // Both forms hold every SchoolFormInput field under the same names.
  const { t } = useLingui();
  const { register, formState, getValues } = form as ReturnType<typeof useForm<SchoolFormInput>>;
  const errors = formState.errors;
  const countryId = useId();
  const zoneId = useId();
  return (
    <>
      <TextField
        label={t`School Name`}
        autoComplete="organization"
        error={errors.name?.message}
        maxLength={maxLengthOf(createSchoolInput.shape.name)}
        {...register("name")}
      />
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        maxLength={maxLengthOf(createSchoolInput.shape.email)}
        {...register("email")}
      />
      <TextField
        label={t`Phone`}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        maxLength={maxLengthOf(createSchoolInput.shape.phone)}
        {...register("phone")}
      />
      <TextField
        label={t`Street Address`}
        autoComplete="street-address"
        error={errors.address?.message}
        maxLength={maxLengthOf(createSchoolInput.shape.address)}
        {...register("address")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`City`}
          autoComplete="address-level2"
          error={errors.city?.message}
          maxLength={maxLengthOf(createSchoolInput.shape.city)}
          {...register("city")}
        />
        <TextField
          label={t`State/Province`}
          autoComplete="address-level1"
          error={errors.state?.message}
          maxLength={maxLengthOf(createSchoolInput.shape.state)}
          {...register("state")}
        />
        <TextField
          label={t`ZIP/Postal Code`}
          autoComplete="postal-code"
          error={errors.zipCode?.message}
          maxLength={maxLengthOf(createSchoolInput.shape.zipCode)}
          {...register("zipCode")}
        />
        <div>
          <label htmlFor={countryId} className="block text-sm font-medium text-slate-700">
            <Trans>Country</Trans>
          </label>
          <select
            id={countryId}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? `${countryId}-error` : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
            {...register("country")}
          >
            <option value="">{t`Select a country`}</option>
            {COUNTRY_OPTIONS.map((country) => (
              <option key={country} value={country}>
                {countryName(country, t({ message: "Other", context: "a country" }))}
              </option>
            ))}
          </select>
          {errors.country ? (
            <p id={`${countryId}-error`} className="mt-1 text-sm text-red-700">
              {sharedText(errors.country.message)}
            </p>
          ) : null}
        </div>
      </div>
      <div>
        <label htmlFor={zoneId} className="block text-sm font-medium text-slate-700">
          <Trans>Time Zone</Trans>
        </label>
        <select
          id={zoneId}
          aria-describedby={`${zoneId}-hint`}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
          {...register("timeZone")}
        >
          {timeZoneSelectOptions(getValues("timeZone")).map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </select>
        <p id={`${zoneId}-hint`} className="mt-1 text-xs text-slate-500">
          <Trans>Trip times, "today" and weeks are in it.</Trans>
        </p>
      </div>
    </>
  );
}
