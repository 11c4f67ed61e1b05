import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, json, ROLES } from "./columns.ts";

/** Append-only record of security and business events. Never holds a secret. */
export const auditLogs = sqliteTable(
  "audit_logs",
  {
    id: id(),
    userId: text("user_id"),
    userRole: text("user_role", { enum: ROLES }),
    schoolId: text("school_id"),
    eventType: text("event_type").notNull(),
    description: text("description").notNull(),
    metadata: json<Record<string, unknown>>("metadata").notNull().$defaultFn(() => ({})),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt),
    index("audit_logs_event_idx").on(t.eventType, t.createdAt),
    index("audit_logs_school_idx").on(t.schoolId, t.createdAt),
  ],
);
