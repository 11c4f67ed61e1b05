import { z } from "zod";
import { COUNTRY_OPTIONS } from "./registration.ts";
import { isCalendarDate } from "./school-time.ts";
import { searchField } from "./search.ts";
import { timeZoneField } from "./time-zone-field.ts";

export { ADMIN_FILTERS, AUDIT_PAGE_SIZE, EMAIL_LOG_LIMIT, INVITES_PAGE_SIZE, SCHOOL_STATUS_FILTERS, SCHOOLS_PAGE_SIZE } from "./superAdmin-constants.ts";

import { ADMIN_FILTERS, SCHOOL_STATUS_FILTERS } from "./superAdmin-constants.ts";

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
export const createSchoolInput = z
  .object({
    name: z.string().trim().min(1, "School name is required").max(200),
    email: z.string().trim().min(1, "Email is required").max(254).pipe(z.email("Please enter a valid email address")),
    phone: optionalText(40),
    address: optionalText(300),
    city: optionalText(120),
    state: optionalText(120),
    zipCode: optionalText(20),
    country: z.union([z.enum(COUNTRY_OPTIONS), z.literal("")]).optional(),
    timeZone: timeZoneField,
  })
  .strict();
export type SchoolFormInput = z.infer<typeof createSchoolInput>;

export const updateSchoolInput = createSchoolInput.extend({ schoolId: z.string().min(1).max(64), isActive: z.boolean() }).strict();
export const schoolIdInput = z.object({ schoolId: z.string().min(1).max(64) }).strict();

export const INVITE_STATUS_FILTERS = ["all", "pending", "accepted", "expired", "revoked"] as const;
export const INVITE_ROLE_FILTERS = ["all", "school_admin", "parent"] as const;
export const listInvitationsInput = z
  .object({
    search: searchField(),
    status: z.enum(INVITE_STATUS_FILTERS).default("all"),
    role: z.enum(INVITE_ROLE_FILTERS).default("all"),
    page: z.number().int().min(1).max(100_000).default(1),
  })
  .strict();

export const invitationEmailLogsInput = z.object({ inviteId: z.string().min(1).max(64) }).strict();

export const AUDIT_ROLE_FILTERS = ["all", "super_admin", "school_admin", "parent", "system"] as const;
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
