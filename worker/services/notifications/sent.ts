import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { notificationSends, parents } from "#db/schema/index.ts";
import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import { NOTIFICATIONS_PAGE_SIZE } from "#shared/notification-texts.ts";
import type { listSentNotificationsInput } from "#shared/notifications.ts";
import { pageOf, pageOffset } from "../_shared/paging.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { containsAny, likePattern } from "../_shared/search.ts";

const P = sql.placeholder;

/** A send to one parent names them as their account does now (an erased parent reads as erased). */
const addressee = and(
  eq(notificationSends.audienceKind, "parent"),
  eq(parents.id, notificationSends.audienceRef),
  eq(parents.schoolId, notificationSends.schoolId),
);

/** The Sent tab's statements for a shape (searched or not), every value a placeholder (ADR 0028). */
const sentStatements = preparedPerShape((db, shape) => {
  const where = and(
    eq(notificationSends.schoolId, P("schoolId")),
    shape === "q"
      ? containsAny(P("like"), [notificationSends.title, notificationSends.audienceLabel, parents.name])
      : undefined,
  );
  return {
    rows: db
      .select({
        id: notificationSends.id,
        title: notificationSends.title,
        type: notificationSends.type,
        category: notificationSends.category,
        audienceKind: notificationSends.audienceKind,
        audienceLabel: notificationSends.audienceLabel,
        words: notificationSends.words,
        parentName: parents.name,
        automatic: sql<boolean>`${notificationSends.senderId} is null`.mapWith(Boolean),
        recipients: notificationSends.recipients,
        readCount: notificationSends.readCount,
        createdAt: notificationSends.createdAt,
      })
      .from(notificationSends)
      .leftJoin(parents, addressee)
      .where(where)
      .orderBy(desc(notificationSends.createdAt), desc(notificationSends.id))
      .limit(P("limit"))
      .offset(P("offset"))
      .prepare(),
    total: db.select({ total: count() }).from(notificationSends).leftJoin(parents, addressee).where(where).prepare(),
  };
});

/**
 * The school admin's Sent tab (ADR 0040): each send of the school to parents — by an admin (Send
 * Notification, a trip's or a flight trip's notice) or by the app (an overdue invoice, an enrolment
 * reminder) — with its audience as recorded, how many parents it reached and how many have read it.
 * A send the app worded shows its title (and the label it composed) in the reader's language (ADR
 * 0080); a school's own words as typed. The search reads the English and the school's words.
 */
export async function listSentNotifications(
  scope: SchoolScope,
  input: z.infer<typeof listSentNotificationsInput>,
  locale: Locale = SOURCE_LOCALE,
) {
  const { db } = scope.deps;
  const statements = sentStatements(db, input.search ? "q" : "");
  const values = {
    schoolId: scope.schoolId,
    like: input.search ? likePattern(input.search.toLowerCase()) : undefined,
    limit: NOTIFICATIONS_PAGE_SIZE,
    offset: pageOffset(input.page, NOTIFICATIONS_PAGE_SIZE),
  };
  const [rows, totals] = await batchPrepared(db, [
    [statements.rows, values],
    [statements.total, values],
  ]);
  // Times read "Today at 7:30 AM" in the school's zone, wherever the reader is.
  const shown = rows.map(({ words, ...row }) => ({
    ...row,
    title: (locale !== "en" && words?.title?.[locale]) || row.title,
    audienceLabel: (locale !== "en" && words?.label?.[locale]) || row.audienceLabel,
  }));
  return { ...pageOf(shown, totals[0]?.total ?? 0, input.page, NOTIFICATIONS_PAGE_SIZE), timeZone: scope.timeZone };
}
