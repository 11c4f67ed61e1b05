import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, updatedAt } from "./columns.ts";
import { schools } from "./schools.ts";

/**
 * A device's web-push subscription (ADR 0068): one row per browser a user turned push on in, its
 * endpoint unique (the same browser subscribing again replaces its keys). Only its owner lists or
 * removes it; the sender deletes it when the push service answers 404 or 410. The erasure deletes the rows.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    userRole: text("user_role", { enum: ["parent", "school_admin", "driver"] }).notNull(),
    userId: text("user_id").notNull(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291's encryption. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What My Account shows of the device, e.g. "Chrome on Android" (never the full user agent). */
    label: text("label").notNull(),
    createdAt: createdAt(),
    lastPushedAt: instant("last_pushed_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint").on(t.endpoint),
    index("push_subscriptions_user").on(t.userRole, t.userId),
    check("push_subscriptions_role", sql`${t.userRole} in ('parent', 'school_admin', 'driver')`),
  ],
);

export const PUSH_STATUSES = ["pending", "sent", "gone", "failed", "cancelled"] as const;

/**
 * The push outbox (ADR 0068): one row per device and push, written in the batch of the change that
 * causes it (an INSERT … SELECT over the recipients' subscriptions), enqueued after commit. `gone`: the
 * push service said the subscription no longer exists (the subscription was deleted); `failed`: the
 * dead-letter queue gave up. What a push carries is here whole: a short title and text and an in-app path.
 */
export const pushLogs = sqliteTable(
  "push_logs",
  {
    id: id(),
    /** Null once the subscription is gone (pruned or removed). */
    subscriptionId: text("subscription_id").references(() => pushSubscriptions.id, { onDelete: "set null" }),
    /** The pushes of one change share it: the sender enqueues them by it after commit. */
    batchId: text("batch_id").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: PUSH_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastEnqueuedAt: instant("last_enqueued_at"),
    sentAt: instant("sent_at"),
    errorMessage: text("error_message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("push_logs_batch_idx").on(t.batchId),
    index("push_logs_status_idx").on(t.status, t.createdAt),
    index("push_logs_subscription_idx").on(t.subscriptionId),
  ],
);
