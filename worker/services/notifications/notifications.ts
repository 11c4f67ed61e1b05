import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { notifications, parents, schools } from "#db/schema/index.ts";
import type { NotificationCategory } from "#shared/enums.ts";
import {
  type listNotificationsInput,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationAudience,
  type NotificationTab,
  type notificationIdInput,
  type sendNotificationInput,
} from "#shared/notifications.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import { pageOf, pageOffset } from "../_shared/paging.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { containsAny, likePattern } from "../_shared/search.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { routeParentsQuery } from "../trips/notify.ts";
import { fanOut, type Recipient, type SendAudience, withLocales } from "./fan-out.ts";
import { noEmailTo, preferencesByUser, pushTo, schoolPreferencesQuery } from "./preferences.ts";

/** Send Notification: per school admin, at most this many sends an hour (each may reach the whole school). */
export const NOTIFICATION_SEND_LIMIT = { windowMs: 3_600_000, max: 30 } as const;

/**
 * Who a notification is from, as its reader sees it: the name of the school admin who sent it (a
 * Send Notification, a trip change), or the school's name for what the app sends on its own (the
 * hourly sweeps) and for a sender who is no longer one of the school's admins. Two primary-key
 * reads per row; a page holds at most 20.
 */
// Spelled out with table names: drizzle leaves the columns of a one-table select unqualified, and an
// unqualified "school_id" inside the subquery would be the subquery's own.
const NOTIFICATION_SENDER = sql<string>`coalesce(
  (select sender.name from school_admins as sender where sender.id = notifications.sender_id and sender.school_id = notifications.school_id),
  (select school.name from schools as school where school.id = notifications.school_id),
  ''
)`;

/** What a person sees of a notification (the inbox, the dashboards, their data export). */
export const NOTIFICATION_COLUMNS = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  type: notifications.type,
  category: notifications.category,
  read: notifications.read,
  createdAt: notifications.createdAt,
  sender: NOTIFICATION_SENDER,
};

/** The signed-in person's own copies: read state and deletion are per recipient. */
function mine(scope: SchoolScope): SQL {
  return and(
    eq(notifications.recipientRole, scope.actor.role),
    eq(notifications.recipientId, scope.actor.id),
    eq(notifications.schoolId, scope.schoolId),
  )!;
}

/**
 * The run a live notice is about (ADR 0055: its rows carry its claim's batch id), so a tap on it
 * opens the run live; null for every other notification. One indexed read per row.
 */
const NOTIFICATION_RUN = sql<
  string | null
>`(select live.run_id from live_notices as live where live.batch_id = notifications.batch_id)`;

const P = sql.placeholder;

/** `mine` with placeholders (`role`, `userId`, `schoolId`), for the prepared list (ADR 0028). */
const minePrepared = () =>
  and(
    eq(notifications.recipientRole, P("role")),
    eq(notifications.recipientId, P("userId")),
    eq(notifications.schoolId, P("schoolId")),
  )!;

/** The list's statements for a shape (tab kind, search or not), every value a placeholder. */
const notificationListStatements = preparedPerShape((db, shape) => {
  const [tab, search] = shape.split("|");
  const conditions: (SQL | undefined)[] = [minePrepared()];
  if (tab === "unread") conditions.push(eq(notifications.read, false));
  if (tab === "category") conditions.push(eq(notifications.category, P("category")));
  if (search === "q") conditions.push(containsAny(P("like"), [notifications.title, notifications.message]));
  const where = and(...conditions);
  return {
    rows: db
      .select({ ...NOTIFICATION_COLUMNS, runId: NOTIFICATION_RUN })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(P("limit"))
      .offset(P("offset"))
      .prepare(),
    total: db.select({ total: count() }).from(notifications).where(where).prepare(),
    byCategory: db
      .select({
        category: notifications.category,
        total: count(),
        unread: sql<number>`sum(case when ${notifications.read} then 0 else 1 end)`,
      })
      .from(notifications)
      .where(minePrepared())
      .groupBy(notifications.category)
      .prepare(),
  };
});

/** The shared Notifications screen: one page of the person's notifications, newest first, with every tab's count. */
export async function listNotifications(scope: SchoolScope, input: z.infer<typeof listNotificationsInput>) {
  const { db } = scope.deps;
  const tab = input.tab === "all" || input.tab === "unread" ? input.tab : "category";
  const statements = notificationListStatements(db, `${tab}|${input.search ? "q" : ""}`);
  const values = {
    role: scope.actor.role,
    userId: scope.actor.id,
    schoolId: scope.schoolId,
    category: input.tab,
    like: input.search ? likePattern(input.search.toLowerCase()) : undefined,
    limit: NOTIFICATIONS_PAGE_SIZE,
    offset: pageOffset(input.page, NOTIFICATIONS_PAGE_SIZE),
  };
  const [rows, totals, byCategory] = await batchPrepared(db, [
    [statements.rows, values],
    [statements.total, values],
    [statements.byCategory, values],
  ]);
  const counts = { all: 0, unread: 0, system: 0, trip: 0, payment: 0, attendance: 0 } satisfies Record<
    NotificationTab,
    number
  >;
  for (const row of byCategory) {
    counts[row.category as NotificationCategory] = row.total;
    counts.all += row.total;
    counts.unread += Number(row.unread ?? 0);
  }
  // Times read "Today at 7:30 AM" in the school's zone, wherever the reader is.
  return {
    ...pageOf(rows, totals[0]?.total ?? 0, input.page, NOTIFICATIONS_PAGE_SIZE),
    counts,
    timeZone: scope.timeZone,
  };
}

/** The bell's figure. */
export async function unreadNotificationCount(scope: SchoolScope) {
  const { db } = scope.deps;
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(mine(scope), eq(notifications.read, false)));
  return { unread: row?.total ?? 0 };
}

export async function markNotificationRead(scope: SchoolScope, input: z.infer<typeof notificationIdInput>) {
  const { db } = scope.deps;
  const updated = await db
    .update(notifications)
    .set({ read: true, readAt: scope.now })
    .where(and(eq(notifications.id, input.notificationId), mine(scope)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.notFound);
  return { id: input.notificationId };
}

export async function deleteNotification(scope: SchoolScope, input: z.infer<typeof notificationIdInput>) {
  const { db } = scope.deps;
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, input.notificationId), mine(scope)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.notFound);
  return { id: input.notificationId };
}

async function audienceRecipients(scope: SchoolScope, audience: NotificationAudience): Promise<Recipient[]> {
  const { db } = scope.deps;
  const rows =
    audience.kind === "route"
      ? await routeParentsQuery(scope, audience.routeName)
      : await db
          .select({ id: parents.id, email: parents.email })
          .from(parents)
          .where(
            and(
              eq(parents.schoolId, scope.schoolId),
              eq(parents.isActive, true),
              audience.kind === "parent" ? eq(parents.id, audience.parentId) : undefined,
            ),
          );
  return rows.map((row) => ({ role: "parent" as const, ...row }));
}

/** How Send Notification's audience is recorded for the Sent tab (a parent by id: their name is read when listed). */
function sendAudience(audience: NotificationAudience): SendAudience {
  if (audience.kind === "route") return { kind: "route", label: audience.routeName };
  if (audience.kind === "parent") return { kind: "parent", ref: audience.parentId };
  return { kind: "school" };
}

/** One send of the admin's hourly Send Notification budget (TOO_MANY_REQUESTS when it is spent). */
export async function takeSendSlot(scope: SchoolScope): Promise<void> {
  const decision = await hitWindow(
    scope.deps.db,
    `notify:send:${scope.actor.id}`,
    scope.now,
    NOTIFICATION_SEND_LIMIT.windowMs,
    NOTIFICATION_SEND_LIMIT.max,
  );
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}

/**
 * Send Notification: one row per recipient (all active parents of the school, those on a route, or
 * one parent), optionally an e-mail copy each through the outbox, audited, rate-limited per admin.
 */
export async function sendNotification(scope: SchoolScope, input: z.output<typeof sendNotificationInput>) {
  const { db, config } = scope.deps;
  const [recipients, [school], preferences] = await Promise.all([
    audienceRecipients(scope, input.audience),
    db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId)),
    schoolPreferencesQuery(db, scope.schoolId, "parent"),
  ]);
  if (recipients.length === 0) throw new AppError("BAD_REQUEST", NOTIFICATION_MESSAGES.noRecipients);
  await takeSendSlot(scope);
  const sent = fanOut(db, {
    schoolId: scope.schoolId,
    schoolName: school?.name ?? "Your school",
    senderId: scope.actor.id,
    // Each e-mail copy in its parent's language (the school's message itself stays as written).
    recipients: input.email ? await withLocales(db, recipients) : recipients,
    content: { title: input.title, message: input.message, type: input.type, category: input.category },
    audience: sendAudience(input.audience),
    email: input.email,
    // The e-mail copy reaches the parents who keep e-mail on for the school's messages (ADR 0066).
    noEmailTo: noEmailTo(preferences, "schoolMessage", scope.now, scope.timeZone),
    // A push to the parents who want the school's messages pushed (ADR 0068); a tap opens their notifications.
    push: {
      kind: "schoolMessage",
      to: pushTo(
        preferences,
        recipients.map((recipient) => recipient.id),
        "schoolMessage",
        scope.now,
        scope.timeZone,
      ),
      url: "/parent/notifications",
    },
    // What their preferences keep for the digest or past quiet hours (ADR 0075).
    held: {
      kind: "schoolMessage",
      byUser: preferencesByUser(
        preferences,
        recipients.map((recipient) => recipient.id),
      ),
      timeZone: scope.timeZone,
      url: "/parent/notifications",
    },
    appUrl: config.appUrl,
    now: scope.now,
  });
  const [first, ...rest] = sent.inserts;
  await commitWithOutbox(scope, [first!, ...rest], {
    emails: sent.emails,
    pushBatches: sent.pushBatches,
    audit: {
      eventType: "notification.sent",
      description: `Notification "${input.title}" sent to ${recipients.length} parent${recipients.length === 1 ? "" : "s"}`,
      schoolId: scope.schoolId,
      metadata: { batchId: sent.batchId, audience: input.audience, recipients: recipients.length, email: input.email },
    },
  });
  return { recipients: recipients.length, batchId: sent.batchId };
}
