import type { Db } from "#db/client.ts";
import { invoices } from "#db/schema/index.ts";

let counter = 0;

/**
 * An invoice written straight into the database (the invoice-creation service is not needed to
 * test what reads invoices): $50.00 base, 5 % term-based fee, $52.50 total, pending, unless overridden.
 */
export async function seedInvoice(
  db: Db,
  values: { schoolId: string; recipientId: string } & Partial<typeof invoices.$inferInsert>,
) {
  counter++;
  const [row] = await db
    .insert(invoices)
    .values({
      invoiceNumber: `INV-2026-${String(counter).padStart(3, "0")}`,
      description: "Spring term bus transport",
      baseAmountCents: 5_000,
      feeCents: 250,
      amountCents: 5_250,
      feeBps: 500,
      feeApplicationType: "term_based",
      issueDate: "2026-03-01",
      dueDate: "2026-03-16",
      status: "pending",
      ...values,
    })
    .returning();
  return row!;
}

/** The text a PDF shows, one string per drawn line (tests/support/pdf-read.ts). */
export { pdfText } from "./pdf-read.ts";
