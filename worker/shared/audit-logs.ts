import { z } from "zod";
import "./fields.ts";
import { AUDIT_ROLE_FILTERS } from "./audit-logs-constants.ts";
import { isCalendarDate } from "./school-time.ts";
import { searchField } from "./search.ts";

export * from "./audit-logs-constants.ts";

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
