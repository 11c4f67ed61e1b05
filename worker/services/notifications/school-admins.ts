import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#db/client.ts";
import { notifications, schoolAdmins } from "#db/schema/index.ts";
import { currencyOf, formatMoney } from "#shared/money.ts";
import type { NotificationContent } from "./fan-out.ts";

/**
 * A notice to every active admin of a school, written by ONE `INSERT … SELECT` in the batch of the
 * change or the webhook event that causes it: the admins are those the batch finds, with no read
 * before it. `onlyIf` writes it only if that guard holds when the statement runs (a claim won, a
 * receipt not written yet). `key` gives each row a fixed id (`<key>-<the admin's rowid>`), so the
 * same notice is written once whatever the number and order of the events that cause it.
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
    select ${id}, ${input.schoolId}, 'school_admin', ${schoolAdmins.id}, ${crypto.randomUUID()}, null, ${input.content.title}, ${input.content.message},
      ${value("type", input.content.type)}, ${value("category", input.content.category)}, 0, ${value("createdAt", input.at)}
    from ${schoolAdmins}
    where ${schoolAdmins.schoolId} = ${input.schoolId} and ${schoolAdmins.isActive} = 1 and (${input.onlyIf ?? sql`1`})
    on conflict (id) do nothing`);
}

/** A fixed notice key per PaymentIntent (an id stays within 64 characters: Stripe's ids are 27). */
export const paymentNoticeKey = (kind: "failed", paymentIntentId: string) => `${kind}-${paymentIntentId.slice(-40)}`;

/** `currency`: the school's currency code (schools.currency). */
type Money = { parentName: string; amountCents: number; currency: string };
/** What the notice names: an invoice by its number, or a child's place on a field trip. */
export type PaidFor = { invoiceNumber: string } | { childName: string; tripTitle: string };
const forText = (paid: PaidFor) =>
  "invoiceNumber" in paid ? `invoice ${paid.invoiceNumber}` : `${paid.childName} on ${paid.tripTitle}`;

/** The school admins' money notices (issue 25), all in the Payments category. */
export const MONEY_NOTICES = {
  paid: (input: Money & { paid: PaidFor }): NotificationContent => ({
    title: "Payment received",
    message: `${input.parentName} paid ${formatMoney(input.amountCents, currencyOf(input.currency))} online for ${forText(input.paid)}.`,
    type: "success",
    category: "payment",
  }),
  failed: (input: Money & { paid: PaidFor }): NotificationContent => ({
    title: "Payment failed",
    message: `A card payment of ${formatMoney(input.amountCents, currencyOf(input.currency))} by ${input.parentName} for ${forText(input.paid)} failed.`,
    type: "warning",
    category: "payment",
  }),
  refunded: (input: Money & { paid: PaidFor }): NotificationContent => ({
    title: "Refund completed",
    message: `${formatMoney(input.amountCents, currencyOf(input.currency))} was refunded to ${input.parentName} for ${forText(input.paid)}.`,
    type: "info",
    category: "payment",
  }),
  enrolled: (input: { parentName: string; childName: string; tripTitle: string }): NotificationContent => ({
    title: "New enrolment",
    message: `${input.parentName} enrolled ${input.childName} in ${input.tripTitle}.`,
    type: "info",
    category: "payment",
  }),
  optedOut: (input: { parentName: string; childName: string; tripTitle: string }): NotificationContent => ({
    title: "Enrolment opted out",
    message: `${input.parentName} opted ${input.childName} out of ${input.tripTitle}.`,
    type: "warning",
    category: "payment",
  }),
};
