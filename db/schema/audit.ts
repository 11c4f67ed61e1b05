import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, json, ROLES } from "./columns.ts";

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
    metadata: json<Record<string, unknown>>("metadata")
      .notNull()
      .$defaultFn(() => ({})),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt),
    index("audit_logs_event_idx").on(t.eventType, t.createdAt),
    index("audit_logs_school_idx").on(t.schoolId, t.createdAt),
    index("audit_logs_role_idx").on(t.userRole, t.createdAt),
    /** The e-mail filter's "acting user" half: that user's rows. */
    index("audit_logs_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Markers of the retention purge, the one way rows leave `audit_logs` (ADR 0011). Triggers refuse
 * any UPDATE of `audit_logs`, any DELETE of a row not older than the latest marker's cutoff, and a
 * marker whose cutoff is less than 3 years old by the database's own clock. Append-only itself.
 */
export const auditLogPurges = sqliteTable("audit_log_purges", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Rows created strictly before this instant may be deleted. */
  cutoff: instant("cutoff").notNull(),
  createdAt: createdAt(),
});
