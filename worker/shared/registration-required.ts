// The step-1 check's required fields, apart from the option lists and messages the wizard shows
// its first step with (registration-constants.ts): they are only read by the schema and the calls
// (registration.ts re-exports them), which load when the form is used.

import { REGISTRATION_MESSAGES } from "./registration-constants.ts";
import { said } from "./said.ts";

/** Required fields of step 1, in the order the message lists them, with their names in words. */
export const REQUIRED_FIELD_LABELS = {
  schoolName: said(/*i18n*/ { id: "School Name" }),
  adminFullName: said(/*i18n*/ { id: "Admin Full Name" }),
  adminRole: said(/*i18n*/ { id: "Admin Role" }),
  adminEmail: said(/*i18n*/ { id: "Admin Email" }),
  schoolAddress: said(/*i18n*/ { id: "Street Address" }),
  schoolCity: said(/*i18n*/ { id: "City" }),
  schoolState: said(/*i18n*/ { id: "State/Province" }),
  schoolZipCode: said(/*i18n*/ { id: "ZIP/Postal Code" }),
  schoolCountry: said(/*i18n*/ { id: "Country" }),
  schoolType: said(/*i18n*/ { id: "School Type" }),
  pupilCount: said(/*i18n*/ { id: "Number of Pupils" }),
  busCount: said(/*i18n*/ { id: "Number of Buses" }),
  intendedStartDate: said(/*i18n*/ { id: "Intended Start Date" }),
} as const;
type RequiredField = keyof typeof REQUIRED_FIELD_LABELS;

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (typeof value === "number" && Number.isNaN(value));

/** "Please fill in all required fields. Missing: School Name, City", or null when nothing is missing. */
export function missingFieldsMessage(values: Partial<Record<RequiredField, unknown>>): string | null {
  const missing = (Object.keys(REQUIRED_FIELD_LABELS) as RequiredField[]).filter((field) => isBlank(values[field]));
  return missing.length
    ? `${REGISTRATION_MESSAGES.missingPrefix}${missing.map((field) => REQUIRED_FIELD_LABELS[field]).join(", ")}`
    : null;
}
