import { z } from "zod";
import { said } from "./said.ts";
import "./fields.ts";
import { PHONE_MAX_LENGTH, phoneRegion, refinePhone } from "./phone.ts";
import { COUNTRY_OPTIONS } from "./registration.ts";
import { ADMIN_FILTERS, SCHOOL_STATUS_FILTERS } from "./schools-constants.ts";
import { searchField } from "./search.ts";
import { timeZoneField } from "./time-zone-field.ts";

// Pages that only need the lists and sizes import schools-constants.ts: this module loads zod and the phone rule.
export * from "./schools-constants.ts";

export const listSchoolsInput = z
  .object({
    search: searchField(),
    status: z.enum(SCHOOL_STATUS_FILTERS).default("all"),
    admins: z.enum(ADMIN_FILTERS).default("all"),
    page: z.number().int().min(1).max(100_000).default(1),
  })
  .strict();

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Create New School / Edit School: the school's name and e-mail (required), phone, address, country and time zone. */
const schoolFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, said(/*i18n*/ { id: "School name is required" }))
    .max(200),
  email: z
    .string()
    .trim()
    .min(1, said(/*i18n*/ { id: "Email is required" }))
    .max(254)
    .pipe(z.email(said(/*i18n*/ { id: "Please enter a valid email address" }))),
  phone: optionalText(PHONE_MAX_LENGTH),
  address: optionalText(300),
  city: optionalText(120),
  state: optionalText(120),
  zipCode: optionalText(20),
  country: z.union([z.enum(COUNTRY_OPTIONS), z.literal("")]).optional(),
  timeZone: timeZoneField,
});

/** The school's phone, when given, is valid in its region: its country, else its time zone's. */
const schoolPhoneRule = (
  school: { phone?: string | undefined; country?: string | undefined; timeZone: string },
  ctx: z.RefinementCtx,
) => refinePhone(ctx, "phone", school.phone, phoneRegion({ country: school.country, timeZone: school.timeZone }));

export const createSchoolInput = schoolFields.strict().superRefine(schoolPhoneRule);
export type SchoolFormInput = z.infer<typeof createSchoolInput>;

export const updateSchoolInput = schoolFields
  .extend({ schoolId: z.string().min(1).max(64), isActive: z.boolean() })
  .strict()
  .superRefine(schoolPhoneRule);
export const schoolIdInput = z.object({ schoolId: z.string().min(1).max(64) }).strict();
