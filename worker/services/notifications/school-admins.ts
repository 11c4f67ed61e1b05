import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#db/client.ts";
import { notifications, schoolAdmins, schools } from "#db/schema/index.ts";
import { LOCALES } from "#shared/locales.ts";
import { localeSql } from "#worker/i18n/person.ts";
import type { NotificationContent } from "./fan-out.ts";
import {
  enrolledAdminWords,
  optedOutAdminWords,
  paymentFailedAdminWords,
  paymentReceivedAdminWords,
  refundCompletedAdminWords,
  type WordedNotice,
  type Words,
  worded,
} from "./words.ts";

export type { PaidFor } from "./words.ts";

/**
 * `pick` of the notice in the language of the admin the statement reads (ADR 0080): a worded notice
 * is said in each language here and the row takes its reader's (`localeSql`, the rule of
 * `resolveLocale`); a notice without wording as it is.
 */
function inReadersLanguage(content: NotificationContent, pick: (words: Words) => string) {
  const { words } = content;
  if (!words) return sql`${pick(content)}`;
  const branches = LOCALES.filter((locale) => locale !== "en").map(
    (locale) => sql`when ${locale} then ${pick(words(locale))}`,
  );
  return sql`case ${localeSql(schoolAdmins.locale, schools.defaultLocale)} ${sql.join(branches, sql` `)} else ${pick(words("en"))} end`;
}

/**
 * A notice to every active admin of a school, written by ONE `INSERT … SELECT` in the batch of the
 * change or the webhook event that causes it: the admins are those the batch finds, with no read
 * before it. `onlyIf` writes it only if that guard holds when the statement runs (a claim won, a
 * receipt not written yet). `key` gives each row a fixed id (`<key>-<the admin's rowid>`), so the
 * same notice is written once whatever the number and order of the events that cause it. Each admin
 * reads a worded notice in their own language, chosen by the statement (no read before it either).
 */
export function notifySchoolAdmins(
  db: Db,
  input: {
    schoolId: string;
    content: NotificationContent;
    at: Date;
    onlyIf?: SQL | undefined;
    key?: string | undefined;
  },
): BatchItem<"sqlite"> {
  const columns = getTableColumns(notifications);
  const value = <K extends keyof typeof columns>(key: K, raw: unknown) => sql.param(raw, columns[key]);
  const id = input.key ? sql`${input.key} || '-' || ${schoolAdmins}.rowid` : sql`lower(hex(randomblob(16)))`;
  return db.run(sql`insert into ${notifications} (id, school_id, recipient_role, recipient_id, batch_id, sender_id, title, message, type, category, read, created_at)
    select ${id}, ${input.schoolId}, 'school_admin', ${schoolAdmins.id}, ${crypto.randomUUID()}, null, ${inReadersLanguage(input.content, (words) => words.title)}, ${inReadersLanguage(input.content, (words) => words.message)},
      ${value("type", input.content.type)}, ${value("category", input.content.category)}, 0, ${value("createdAt", input.at)}
    from ${schoolAdmins} inner join ${schools} on ${schools.id} = ${schoolAdmins.schoolId}
    where ${schoolAdmins.schoolId} = ${input.schoolId} and ${schoolAdmins.isActive} = 1 and (${input.onlyIf ?? sql`1`})
    on conflict (id) do nothing`);
}

/** A fixed notice key per PaymentIntent (an id stays within 64 characters: Stripe's ids are 27). */
export const paymentNoticeKey = (kind: "failed", paymentIntentId: string) => `${kind}-${paymentIntentId.slice(-40)}`;

/** The school admins' money notices (issue 25), all in the Payments category, each admin's in their language (ADR 0080). */
export const MONEY_NOTICES = {
  paid: (input: Parameters<typeof paymentReceivedAdminWords>[0]): WordedNotice =>
    worded("success", "payment", paymentReceivedAdminWords(input)),
  failed: (input: Parameters<typeof paymentFailedAdminWords>[0]): WordedNotice =>
    worded("warning", "payment", paymentFailedAdminWords(input)),
  refunded: (input: Parameters<typeof refundCompletedAdminWords>[0]): WordedNotice =>
    worded("info", "payment", refundCompletedAdminWords(input)),
  enrolled: (input: Parameters<typeof enrolledAdminWords>[0]): WordedNotice =>
    worded("info", "payment", enrolledAdminWords(input)),
  optedOut: (input: Parameters<typeof optedOutAdminWords>[0]): WordedNotice =>
    worded("warning", "payment", optedOutAdminWords(input)),
};
