import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { EventKind, KindChannels } from "#shared/preferences-constants.ts";
import { bool, instant, json, updatedAt } from "./columns.ts";
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

/**
 * What a user's preferences keep back for later (ADR 0075): a notice of a non-urgent kind while the
 * daily digest is on (`reason` digest: e-mail and/or push, due at the digest hour), or a push of a
 * non-critical kind in quiet hours (`reason` quiet: due when they end). The notice itself is in-app
 * at once; this row is what the digest job sends, once, gathered per user: `sent_in` is the digest
 * send that took it (null until then). A fixed `id` makes an item unique by construction (a
 * payment's receipt). The erasure and the school's deletion delete the rows.
 */
export const digestItems = sqliteTable(
  "digest_items",
  {
    id: text("id").primaryKey(),
    userRole: text("user_role", { enum: ["parent", "school_admin", "driver"] }).notNull(),
    userId: text("user_id").notNull(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    kind: text("kind").$type<EventKind>().notNull(),
    reason: text("reason", { enum: ["digest", "quiet"] }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url").notNull(),
    email: bool("email").notNull(),
    push: bool("push").notNull(),
    dueAt: instant("due_at").notNull(),
    sentIn: text("sent_in"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    index("digest_items_due").on(t.sentIn, t.dueAt),
    index("digest_items_user").on(t.userRole, t.userId),
    check("digest_items_role", sql`${t.userRole} in ('parent', 'school_admin', 'driver')`),
    check("digest_items_reason", sql`${t.reason} in ('digest', 'quiet')`),
  ],
);

/**
 * One digest send (ADR 0075): the claim of the job that sends a user what is due, keyed by user and
 * hour (`<role>:<user id>:<UTC hour>`), so a second run of the job in the same hour finds it taken.
 * `token` is the run's: the items, the outbox row and the pushes of the send are written only if the
 * claim holds the run's token, in the same batch as the claim.
 */
export const digestSends = sqliteTable("digest_sends", {
  id: text("id").primaryKey(),
  schoolId: text("school_id")
    .notNull()
    .references(() => schools.id, { onDelete: "cascade" }),
  token: text("token").notNull(),
  items: integer("items").notNull(),
  createdAt: instant("created_at").notNull(),
});
