import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { invoices, parents, payments, schools } from "#db/schema/index.ts";
import type { invoiceCheckoutStatusInput, invoiceIdInput } from "#shared/invoices.ts";
import { PAYMENT_MESSAGES } from "#shared/payment-texts.ts";
import { localDate } from "#shared/school-time.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import {
  type CheckoutItem,
  PAYING_SCHOOL_COLUMNS,
  startPayableCheckout,
  takeCheckoutSlot,
} from "../payments/checkout.ts";

/** `parent.payments.startInvoiceCheckout`: Pay on one of the parent's own pending or overdue invoices. */
export async function startInvoiceCheckout(
  scope: ParentScope,
  input: z.infer<typeof invoiceIdInput>,
): Promise<{ url: string }> {
  const { deps } = scope;
  await takeCheckoutSlot(scope);
  const [row] = await deps.db
    .select({
      invoice: {
        id: invoices.id,
        number: invoices.invoiceNumber,
        description: invoices.description,
        amountCents: invoices.amountCents,
        status: invoices.status,
      },
      school: PAYING_SCHOOL_COLUMNS,
      parentEmail: parents.email,
    })
    .from(invoices)
    .innerJoin(schools, eq(schools.id, invoices.schoolId))
    .innerJoin(parents, eq(parents.id, invoices.recipientId))
    // AZ2: only an invoice addressed to this parent in this school; any other id is simply not found.
    .where(
      and(
        eq(invoices.id, input.invoiceId),
        eq(invoices.schoolId, scope.schoolId),
        eq(invoices.recipientId, scope.parentId),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.invoiceNotFound);
  const { invoice, school } = row;
  if (invoice.status === "paid") throw new AppError("CONFLICT", PAYMENT_MESSAGES.alreadyPaid);
  if (invoice.status === "refunded") throw new AppError("CONFLICT", PAYMENT_MESSAGES.refunded);
  if (invoice.status === "void") throw new AppError("CONFLICT", PAYMENT_MESSAGES.voided);
  const payable: CheckoutItem = {
    kind: "invoice",
    id: invoice.id,
    schoolId: scope.schoolId,
    parentId: scope.parentId,
    amountCents: invoice.amountCents,
    description: `Invoice ${invoice.number}: ${invoice.description}`,
  };
  return startPayableCheckout(scope, payable, school, row.parentEmail);
}

/**
 * `parent.invoices.checkoutStatus`: back from Checkout, which of the parent's invoices the session
 * pays and where it stands: `paid` (with the day, in the school's zone) once the webhook has applied
 * the payment. Only a session of this parent's own invoice is found (any other is NOT_FOUND).
 */
export async function invoiceCheckoutStatus(scope: ParentScope, input: z.infer<typeof invoiceCheckoutStatusInput>) {
  const [row] = await scope.deps.db
    .select({
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      paidAt: invoices.paidAt,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(
      and(
        eq(payments.stripeCheckoutSessionId, input.sessionId),
        eq(payments.parentId, scope.parentId),
        eq(invoices.recipientId, scope.parentId),
        eq(invoices.schoolId, scope.schoolId),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.invoiceNotFound);
  const { paidAt, ...invoice } = row;
  return { ...invoice, paidOn: invoice.status === "paid" && paidAt ? localDate(paidAt, scope.timeZone) : null };
}
