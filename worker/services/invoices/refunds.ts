import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { invoices, payments } from "../../../db/schema/index.ts";

/**
 * The invoices' refund rule (ADR 0037): an invoice is paid once. Of its succeeded payments, the
 * earliest that pays it in full is the one it keeps while it is paid; every other (a second tab, a
 * Checkout that completed after the invoice was refunded, a smaller payment that pays nothing)
 * goes back whole.
 */
export function invoiceRefundsDue(
  invoice: { status: string; amountCents: number },
  held: { id: string; amountCents: number; refundDueCents: number }[],
): Map<string, number> {
  // `held` earliest first: the first payment in full keeps the invoice paid.
  const payer =
    invoice.status === "paid" ? held.find((payment) => payment.amountCents >= invoice.amountCents && payment.refundDueCents < payment.amountCents) : undefined;
  const due = new Map<string, number>();
  for (const payment of held) if (payment !== payer && payment.refundDueCents < payment.amountCents) due.set(payment.id, payment.amountCents);
  return due;
}

/** Applies the rule to these invoices: each payment's due raised, guarded on the value read. */
export async function markInvoiceRefundsDue(db: Db, invoiceIds: string[], now: Date): Promise<void> {
  if (invoiceIds.length === 0) return;
  const rows = await db
    .select({
      id: payments.id,
      invoiceId: invoices.id,
      amountCents: payments.amountCents,
      refundDueCents: payments.refundDueCents,
      status: invoices.status,
      invoiceCents: invoices.amountCents,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(inArray(payments.invoiceId, invoiceIds), eq(payments.status, "succeeded")))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt), asc(payments.id));
  const byInvoice = new Map<string, typeof rows>();
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  const writes = [];
  for (const held of byInvoice.values()) {
    const first = held[0]!;
    for (const [id, next] of invoiceRefundsDue({ status: first.status, amountCents: first.invoiceCents }, held)) {
      const before = held.find((payment) => payment.id === id)!.refundDueCents;
      writes.push(
        db
          .update(payments)
          .set({ refundDueCents: next, updatedAt: now })
          .where(and(eq(payments.id, id), eq(payments.refundDueCents, before))),
      );
    }
  }
  if (writes.length > 0) await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
}

/** Invoices with a succeeded payment the rule may give back: more than one, or an invoice that is not paid by it. */
export async function invoicesHoldingTooMuch(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: payments.invoiceId })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.status, "succeeded"), isNotNull(payments.invoiceId), sql`${payments.refundDueCents} < ${payments.amountCents}`))
    .groupBy(payments.invoiceId)
    .having(sql`count(*) > 1 or max(${invoices.status}) <> 'paid' or min(${payments.amountCents}) < max(${invoices.amountCents})`)
    .limit(limit);
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}
