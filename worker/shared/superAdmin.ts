import { z } from "zod";
import "./fields.ts";
import { PHONE_MAX_LENGTH, phoneRegion, refinePhone } from "./phone.ts";
import { COUNTRY_OPTIONS } from "./registration.ts";
import { isCalendarDate } from "./school-time.ts";
import { searchField } from "./search.ts";
import { timeZoneField } from "./time-zone-field.ts";

// Pages that only need the lists and sizes import superAdmin-constants.ts or superAdmin-filters.ts: this module loads zod and the phone rule.
export {
  ADMIN_FILTERS,
  AUDIT_PAGE_SIZE,
  EMAIL_LOG_LIMIT,
  INVITATIONS_PAGE_SIZE,
  SCHOOL_STATUS_FILTERS,
  SCHOOLS_PAGE_SIZE,
} from "./superAdmin-constants.ts";
export { AUDIT_ROLE_FILTERS, INVITATION_ROLE_FILTERS, INVITATION_STATUS_FILTERS } from "./superAdmin-filters.ts";

import { ADMIN_FILTERS, SCHOOL_STATUS_FILTERS } from "./superAdmin-constants.ts";
import { AUDIT_ROLE_FILTERS, INVITATION_ROLE_FILTERS, INVITATION_STATUS_FILTERS } from "./superAdmin-filters.ts";

export const listSchoolsInput = z
  .object({
    search: searchField(),
    status: z.enum(SCHOOL_STATUS_FILTERS).default("all"),
    admins: z.enum(ADMIN_FILTERS).default("all"),
    page: z.number().int().min(1).max(100_000).default(1),
  })
  .strict();

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Create New School / Edit School (spec §3 school fields). */
const schoolFields = z.object({
  name: z.string().trim().min(1, "School name is required").max(200),
  email: z.string().trim().min(1, "Email is required").max(254).pipe(z.email("Please enter a valid email address")),
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

export const listInvitationsInput = z
  .object({
    search: searchField(),
    status: z.enum(INVITATION_STATUS_FILTERS).default("all"),
    role: z.enum(INVITATION_ROLE_FILTERS).default("all"),
    page: z.number().int().min(1).max(100_000).default(1),
  })
  .strict();

export const invitationEmailLogsInput = z.object({ inviteId: z.string().min(1).max(64) }).strict();

export const listAuditLogsInput = z
  .object({
    eventType: z.string().trim().max(64).optional(),
    role: z.enum(AUDIT_ROLE_FILTERS).default("all"),
    schoolId: z.string().trim().max(64).optional(),
    /** Inclusive calendar days (UTC), `YYYY-MM-DD`. */
    from: z.string().max(10).refine(isCalendarDate, "Use a valid date").optional(),
    to: z.string().max(10).refine(isCalendarDate, "Use a valid date").optional(),
    email: searchField(254),
    page: z.number().int().min(1).max(100_000).default(1),
  })
  .strict();
