import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { instant, ROLES } from "./columns.ts";
import { PLANS, SUBSCRIPTION_STATUSES } from "./schools.ts";

/**
 * A school's plan, pupil count and subscription status over time, one row per period they held
 * (ADR 0072). Written only by triggers on `schools`: its insert opens the first row, a change of
 * any of the three closes the open row and opens the next, its deletion closes the open row. No
 * foreign key: the history of a deleted school stays (it holds no personal data).
 */
export const schoolPlanHistory = sqliteTable(
  "school_plan_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    schoolId: text("school_id").notNull(),
    plan: text("plan", { enum: PLANS }),
    /** With a null plan, the plan is the pupil count's (`planForPupils`), as the subscription's checkout does. */
    pupilCount: integer("pupil_count"),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    /** The status of the period before; null on the school's first row (its creation). */
    fromStatus: text("from_status", { enum: SUBSCRIPTION_STATUSES }),
    validFrom: instant("valid_from").notNull(),
    /** Null while the period lasts. */
    validTo: instant("valid_to"),
  },
  (t) => [
    index("school_plan_history_from_idx").on(t.validFrom),
    index("school_plan_history_to_idx").on(t.validTo),
    index("school_plan_history_open_idx").on(t.schoolId, t.validTo),
  ],
);

/**
 * Who used the app in a week (ADR 0072): a parent or driver whose session was created or refreshed
 * in it (the session's idle clock is refreshed at most hourly). Written only by triggers on
 * `sessions`; the user's deletion deletes their rows. `week_start` is Monday 00:00 UTC.
 */
export const userActivityWeeks = sqliteTable(
  "user_activity_weeks",
  {
    weekStart: instant("week_start").notNull(),
    userRole: text("user_role", { enum: ROLES }).notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.weekStart, t.userRole, t.userId] }),
    index("user_activity_weeks_user_idx").on(t.userRole, t.userId),
  ],
);

/**
 * Per week and role, how many users `user_activity_weeks` holds: kept by its triggers (ADR 0072),
 * so a year of weekly active users is 106 rows to read, whatever the platform's size.
 */
export const activityWeekCounts = sqliteTable(
  "activity_week_counts",
  {
    weekStart: instant("week_start").notNull(),
    userRole: text("user_role", { enum: ROLES }).notNull(),
    users: integer("users").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.userRole] })],
);

/**
 * Parents' payments by the week (Monday 00:00 UTC) they were paid: the succeeded and refunded ones,
 * their amounts, what was refunded of them, the platform's application fees and the part of each fee
 * its refunds gave back (in proportion, to the cent). Kept by triggers on `payments` (ADR 0072), in
 * the statement of every write, so the metrics read a row per week.
 */
export const paymentWeeks = sqliteTable("payment_weeks", {
  weekStart: instant("week_start").primaryKey(),
  payments: integer("payments").notNull().default(0),
  grossCents: integer("gross_cents").notNull().default(0),
  refundedCents: integer("refunded_cents").notNull().default(0),
  feeCents: integer("fee_cents").notNull().default(0),
  feeRefundedCents: integer("fee_refunded_cents").notNull().default(0),
});
