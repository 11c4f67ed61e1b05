import { and, eq, type SQL } from "drizzle-orm";
import { invoices, parents, schools } from "#db/schema/index.ts";
import type { FeeApplicationType } from "#shared/fees.ts";
import type { PaymentMethod } from "#shared/invoice-correction-texts.ts";
import type { InvoiceStatus } from "#shared/invoice-texts.ts";
import type { Currency } from "#shared/money.ts";
import { formatPhone } from "#shared/phone.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { ParentScope, SchoolScope } from "../_shared/scope.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { INVOICE_COLUMNS } from "./list.ts";

/** The same answer for an unknown invoice and for one the viewer may not see (AZ2). */
export const INVOICE_NOT_FOUND = "Invoice not found";

/**
 * PDF downloads per user: rendering costs CPU, so a loop over the endpoint is cut off far above any
 * honest use (a school admin downloading a term's invoices one by one).
 */
export const INVOICE_PDF_LIMIT = { windowMs: 10 * 60_000, max: 120 } as const;

/** Everything the invoice document shows, read in one query. */
export type InvoiceDocument = {
  invoiceNumber: string;
  description: string;
  baseAmountCents: number;
  feeCents: number;
  amountCents: number;
  feeBps: number;
  feeApplicationType: FeeApplicationType;
  issueDate: string;
  dueDate: string;
  status: InvoiceStatus;
  paidAt: Date | null;
  paymentMethod: PaymentMethod | null;
  paymentReference: string | null;
  refundedAt: Date | null;
  voidedAt: Date | null;
  voidReason: string | null;
  school: {
    name: string;
    email: string;
    phone: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    timeZone: string;
    /** The invoice's amounts are in it (the school's currency, ADR 0077). */
    currency: Currency;
  };
  parent: { name: string; email: string };
};

async function findDocument(scope: SchoolScope, invoiceId: string, viewer: SQL | undefined): Promise<InvoiceDocument> {
  const { db } = scope.deps;
  const limit = await hitWindow(
    db,
    `invoice-pdf:${scope.actor.id}`,
    scope.now,
    INVOICE_PDF_LIMIT.windowMs,
    INVOICE_PDF_LIMIT.max,
  );
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  const [row] = await db
    .select({
      ...INVOICE_COLUMNS,
      refundedAt: invoices.refundedAt,
      voidedAt: invoices.voidedAt,
      school: {
        name: schools.name,
        email: schools.email,
        phone: schools.phone,
        address: schools.address,
        city: schools.city,
        state: schools.state,
        zipCode: schools.zipCode,
        timeZone: schools.timeZone,
      },
      parent: { name: parents.name, email: parents.email },
    })
    .from(invoices)
    .innerJoin(schools, eq(schools.id, invoices.schoolId))
    .innerJoin(parents, eq(parents.id, invoices.recipientId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.schoolId, scope.schoolId), viewer))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", INVOICE_NOT_FOUND);
  // The school's phone as people read it and its currency (the invoice's school is the scope's).
  const phone = formatPhone(row.school.phone, scope.phoneRegion);
  return { ...row, school: { ...row.school, phone, currency: scope.currency } };
}

/** A school admin's invoice document: any invoice of their school. */
export function invoiceDocument(scope: SchoolScope, input: { invoiceId: string }): Promise<InvoiceDocument> {
  return findDocument(scope, input.invoiceId, undefined);
}

/** A parent's invoice document: only an invoice addressed to them, at their school. */
export function parentInvoiceDocument(scope: ParentScope, input: { invoiceId: string }): Promise<InvoiceDocument> {
  return findDocument(scope, input.invoiceId, eq(invoices.recipientId, scope.parentId));
}
