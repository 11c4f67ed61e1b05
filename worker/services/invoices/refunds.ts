import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { invoices, payments } from "#db/schema/index.ts";
import { OFFLINE_PAYMENT_METHODS, type PaymentMethod, paidOffline } from "#shared/invoice-correction-texts.ts";
import type { InvoiceStatus } from "#shared/invoice-texts.ts";

/**
 * The invoices' refund rule (ADR 0037, ADR 0041): an invoice is paid once, online or offline. While
 * it is paid online, of its succeeded payments the earliest that pays it in full is the one it keeps,
 * up to the invoice's amount (a Checkout opened before the amount was lowered gives the difference
 * back); every other payment (a second tab, a Checkout that completed after the invoice was
 * refunded, voided or paid in cash, a smaller payment that pays nothing) goes back whole. A void
 * invoice, or one the school marked paid offline, keeps no online payment.
 */
export function invoiceRefundsDue(
  invoice: { status: InvoiceStatus; amountCents: number; paymentMethod: PaymentMethod | null },
  held: { id: string; amountCents: number; refundDueCents: number }[],
): Map<string, number> {
  const paidOnline = invoice.status === "paid" && !paidOffline(invoice.paymentMethod);
  // `held` earliest first: the first payment in full keeps the invoice paid.
  const payer = paidOnline
    ? held.find((payment) => payment.amountCents >= invoice.amountCents && payment.refundDueCents < payment.amountCents)
    : undefined;
  const due = new Map<string, number>();
  for (const payment of held) {
    const goesBack = payment.amountCents - (payment === payer ? invoice.amountCents : 0);
    // Decisions only grow (ADR 0037): a payment already owed more keeps what was decided.
    if (goesBack > payment.refundDueCents) due.set(payment.id, goesBack);
  }
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
      paymentMethod: invoices.paymentMethod,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.kind, "invoice"), inArray(payments.invoiceId, invoiceIds), eq(payments.status, "succeeded")))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt), asc(payments.id));
  const byInvoice = new Map<string, typeof rows>();
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  const writes = [];
  for (const held of byInvoice.values()) {
    const first = held[0]!;
    for (const [id, next] of invoiceRefundsDue(
      { status: first.status, amountCents: first.invoiceCents, paymentMethod: first.paymentMethod },
      held,
    )) {
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

const offline = sql.join(
  OFFLINE_PAYMENT_METHODS.map((method) => sql`${method}`),
  sql`, `,
);
/** SQL, for a statement on `invoices`: the invoice was not paid offline (paid online, or not paid). */
export const notPaidOffline = sql`(${invoices.paymentMethod} is null or ${invoices.paymentMethod} not in (${offline}))`;

/**
 * Invoices with a succeeded payment the rule may give back: more than one, an invoice that is not
 * paid online (void, pending, refunded, paid offline), a payment that pays nothing, or one that
 * keeps more than the invoice's amount.
 */
export async function invoicesHoldingTooMuch(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: payments.invoiceId })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(
      and(
        eq(payments.kind, "invoice"),
        eq(payments.status, "succeeded"),
        isNotNull(payments.invoiceId),
        sql`${payments.refundDueCents} < ${payments.amountCents}`,
      ),
    )
    .groupBy(payments.invoiceId)
    .having(
      sql`count(*) > 1 or max(${invoices.status}) <> 'paid' or max(${invoices.paymentMethod}) in (${offline})
        or min(${payments.amountCents}) < max(${invoices.amountCents}) or max(${payments.amountCents} - ${payments.refundDueCents}) > max(${invoices.amountCents})`,
    )
    .limit(limit);
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}
