import { sql } from "drizzle-orm";
import { check, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { EventKind, KindChannels } from "#shared/preferences-constants.ts";
import { bool, json, updatedAt } from "./columns.ts";
import { schools } from "./schools.ts";

/**
 * A user's notification preferences (ADR 0066): one row per user (role and id), written the first
 * time they save My Account's Notifications; until then the quiet defaults apply. `channels` holds
 * push and e-mail per kind of event (in-app is always on); a kind missing from it has its default.
 * Quiet hours are local times ("HH:MM") in the school's zone, both or neither. It also holds the
 * parent's approach lead time (formerly `parent_live_settings`). The erasure deletes the row.
 */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userRole: text("user_role", { enum: ["parent", "school_admin", "driver"] }).notNull(),
    userId: text("user_id").notNull(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    channels: json<Partial<Record<EventKind, KindChannels>>>("channels").notNull(),
    approachMinutes: integer("approach_minutes").notNull(),
    quietStart: text("quiet_start"),
    quietEnd: text("quiet_end"),
    digest: bool("digest").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userRole, t.userId] }),
    check("notification_preferences_role", sql`${t.userRole} in ('parent', 'school_admin', 'driver')`),
    check("notification_preferences_minutes", sql`${t.approachMinutes} between 1 and 60`),
    check("notification_preferences_quiet", sql`(${t.quietStart} is null) = (${t.quietEnd} is null)`),
  ],
);
