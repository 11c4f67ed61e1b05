import { decodePDFRawStream, PDFDocument, PDFRawStream } from "pdf-lib";
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

/** WinAnsi's 0x80–0x9F (Node's "windows-1252" decoder reads them as Latin-1 controls). */
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = (byte: number) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH.codePointAt(byte - 0x80)! : byte);

/**
 * The text a PDF shows, parsed from its bytes: every content stream is decoded and the strings of
 * its text operators (pdf-lib writes them as hex, in WinAnsi for the standard fonts) are read back.
 * One string per drawn line.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = new TextDecoder("latin1").decode(decodePDFRawStream(object).decode());
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const hex = match[1]!;
      lines.push(String.fromCodePoint(...(hex.match(/../g) ?? []).map((pair) => winAnsi(Number.parseInt(pair, 16)))));
    }
  }
  return lines;
}
