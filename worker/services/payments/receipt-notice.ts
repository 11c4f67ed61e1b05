import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { digestItems, notificationPreferences, notifications, pushLogs } from "#db/schema/index.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import { heldInsert } from "../notifications/held.ts";
import { fromRow, pushWanted } from "../notifications/preferences.ts";
import { type PaidFor, receiptWords } from "../notifications/words.ts";
import { pushInsert } from "../push/outbox.ts";
import type { Effect, PaymentFacts } from "./payment-rows.ts";
import { intentIn } from "./payment-rows.ts";

/**
 * The parent's own receipt notice (issue 29, ADR 0075): in-app always, pushed to their devices or
 * kept for their digest as their preferences say. Its claim is its own, not the receipt e-mail's:
 * the in-app row's fixed id `receipt-<PaymentIntent>`. The push and the digest item are written,
 * before it in the same batch, only while the payment has succeeded (not refunded) and that row is
 * not written yet, so a replayed or reordered event (checkout.session.completed and
 * payment_intent.succeeded both say it) pushes once, and one after the refund pushes nothing.
 */

export const receiptNoticeId = (paymentIntentId: string) => `receipt-${paymentIntentId}`;

/** The parent's preferences row, read with a payable's context (left join with `preferencesJoin`). */
export const RECEIPT_PREFERENCES = { preferences: notificationPreferences };

const firstReceiptNotice = (paymentIntentId: string): SQL =>
  sql`${intentIn(paymentIntentId, sql`('succeeded')`)} and not exists (select 1 from ${notifications} where ${notifications.id} = ${receiptNoticeId(paymentIntentId)})`;

export function receiptNoticeEffects(
  db: Db,
  facts: PaymentFacts,
  receipt: {
    schoolId: string;
    parentId: string;
    timeZone: string;
    preferences: typeof notificationPreferences.$inferSelect | null;
    amountCents: number;
    /** The school's currency (ISO 4217), which the amount is in. */
    currency: string;
    /** What was paid for: an invoice by its number, or a child's place on a flight trip. */
    paid: PaidFor;
    /** The parent's own language and the school's default (`resolveLocale`): the notice is in it. */
    parentLocale: string | null;
    schoolLocale: string;
    /** Where a tap opens: the parent's invoices with this one highlighted, or their field trips. */
    url: string;
  },
): Effect[] {
  const pi = facts.paymentIntentId;
  const id = receiptNoticeId(pi);
  const guard = firstReceiptNotice(pi);
  const said = receiptWords({ amountCents: receipt.amountCents, currency: receipt.currency, paid: receipt.paid })(
    resolveLocale(receipt.parentLocale, receipt.schoolLocale),
  );
  const content = { title: said.title, body: said.message, url: receipt.url };
  const preferences = fromRow(receipt.preferences);
  // The event's own instant decides quiet hours and the digest: a replay decides the same way.
  const effects: Effect[] = [];
  if (pushWanted("paymentReceipt", preferences, facts.at, receipt.timeZone))
    effects.push(
      pushInsert(db, {
        batchId: id,
        role: "parent",
        userIds: [receipt.parentId],
        kind: "paymentReceipt",
        content,
        now: facts.at,
        onlyIf: guard,
      }),
    );
  const held = heldInsert(db, {
    role: "parent",
    schoolId: receipt.schoolId,
    users: [{ id: receipt.parentId, preferences }],
    kind: "paymentReceipt",
    content,
    now: facts.at,
    timeZone: receipt.timeZone,
    onlyIf: guard,
    id: () => id,
  });
  if (held) effects.push(held);
  // Last: the claim the statements above read.
  effects.push(
    db.run(sql`insert into ${notifications} (id, school_id, recipient_role, recipient_id, batch_id, sender_id, title, message, type, category, read, created_at)
      select ${id}, ${receipt.schoolId}, 'parent', ${receipt.parentId}, ${id}, null, ${content.title}, ${content.body}, 'success', 'payment', 0, ${facts.at.getTime()}
      where ${guard}`),
  );
  return effects;
}

/**
 * A refund takes back what of the receipt notice has not gone yet: its pushes still pending are
 * cancelled and its digest item still unsent is deleted (the in-app notice stays, with the refund's).
 */
export function receiptNoticeWithdrawn(db: Db, facts: PaymentFacts): Effect[] {
  const id = receiptNoticeId(facts.paymentIntentId);
  return [
    db
      .update(pushLogs)
      .set({
        status: "cancelled",
        errorMessage: "The payment was refunded before the receipt was pushed",
        updatedAt: facts.at,
      })
      .where(and(eq(pushLogs.batchId, id), eq(pushLogs.status, "pending"))),
    db.delete(digestItems).where(and(eq(digestItems.id, id), isNull(digestItems.sentIn))),
  ];
}

/** The receipt pushes a payment event may have written, to enqueue once its batch has committed. */
export function receiptPushBatches(facts: PaymentFacts | null): string[] {
  return facts?.outcome === "succeeded" ? [receiptNoticeId(facts.paymentIntentId)] : [];
}
