import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { instant, json } from "./columns.ts";

/** Platform-wide settings the super admin edits (typed and validated in the settings service). */
export const platformSettings = sqliteTable("platform_settings", {
  key: text("key").primaryKey(),
  value: json<unknown>("value").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: instant("updated_at").notNull(),
});

/** One row per (job, period): a cron run claims its period first, so a second run does nothing. */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    job: text("job").notNull(),
    period: text("period").notNull(),
    startedAt: instant("started_at").notNull(),
    finishedAt: instant("finished_at"),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * Local mode only: the objects of the Stripe simulator (checkout sessions, subscriptions…), so the
 * simulated Stripe keeps state across requests and restarts. Empty in production.
 */
export const devStripeObjects = sqliteTable("dev_stripe_objects", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  data: json<Record<string, unknown>>("data").notNull(),
  createdAt: instant("created_at").notNull(),
});

/** Footer newsletter sign-ups (double opt-in is out of scope; unsubscribe stamps the row). */
export const newsletterSubscriptions = sqliteTable("newsletter_subscriptions", {
  email: text("email").primaryKey(),
  createdAt: instant("created_at").notNull(),
  unsubscribedAt: instant("unsubscribed_at"),
});

export const PLATFORM_COUNTERS = [
  "schools",
  "schools_active",
  "schools_without_admins",
  "school_admins",
  "parents",
] as const;
export type PlatformCounter = (typeof PLATFORM_COUNTERS)[number];

/**
 * The super admin's summary cards, kept by triggers on schools, school_admins and parents in the
 * same statement as every write that changes them (ADR 0018). One row per counter.
 */
export const platformCounters = sqliteTable("platform_counters", {
  key: text("key", { enum: PLATFORM_COUNTERS }).primaryKey(),
  value: integer("value").notNull().default(0),
});
