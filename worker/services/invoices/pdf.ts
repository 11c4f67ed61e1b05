import { PageSizes, PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from "pdf-lib";
import { bpsToPercent } from "#shared/fees.ts";
import { paidByText } from "#shared/invoice-correction-texts.ts";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "#shared/invoice-texts.ts";
import { formatMoney } from "#shared/money.ts";
import { formatCalendarDay, localDate } from "#shared/school-time.ts";
import { clip, toWinAnsi, wrap } from "../_shared/pdf-text.ts";
import type { InvoiceDocument } from "./document.ts";

export { toWinAnsi };

/**
 * The invoice as a one-page PDF, drawn with pdf-lib's standard fonts (no font files in the
 * Worker). Those fonts encode WinAnsi only, so every text is first reduced to what they can
 * draw: accents that WinAnsi lacks lose their mark (ř → r), anything else (emoji, CJK) becomes "?".
 * This module is loaded on demand (`await import`) by the download route only.
 */

const STATUS_COLORS: Record<InvoiceStatus, RGB> = {
  pending: rgb(0.71, 0.33, 0.04),
  paid: rgb(0.09, 0.5, 0.24),
  overdue: rgb(0.73, 0.11, 0.11),
  refunded: rgb(0.28, 0.33, 0.41),
  void: rgb(0.28, 0.33, 0.41),
};

const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
const RULE = rgb(0.89, 0.91, 0.94);
const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.Letter;
const MARGIN = 56;
const RIGHT = PAGE_WIDTH - MARGIN;
/** The description is wrapped to this many lines at most (the rest is cut with an ellipsis). */
const MAX_DESCRIPTION_LINES = 12;

/** The line under the total: "Paid by cheque on Mar 2, 2026", "Paid online on …", "Status: Void". */
export function statusLine(invoice: Pick<InvoiceDocument, "status" | "paidAt" | "paymentMethod" | "school">): string {
  if (invoice.status === "paid" && invoice.paidAt)
    return `${paidByText(invoice.paymentMethod)} on ${formatCalendarDay(localDate(invoice.paidAt, invoice.school.timeZone))}`;
  return `Status: ${INVOICE_STATUS_LABELS[invoice.status]}`;
}

/** "Fee (5%, term-based)"; a year-round invoice adds no fee, so it has no fee line. */
export function feeLineLabel(document: Pick<InvoiceDocument, "feeBps" | "feeApplicationType">): string | null {
  if (document.feeApplicationType !== "term_based") return null;
  return `Fee (${bpsToPercent(document.feeBps)}%, term-based)`;
}

type Fonts = { regular: PDFFont; bold: PDFFont; charset: ReadonlySet<number> };

class Writer {
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {}

  text(
    value: string,
    x: number,
    y: number,
    options: { size?: number; bold?: boolean; color?: RGB; align?: "left" | "right" } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const safe = toWinAnsi(value, this.fonts.charset);
    const left = options.align === "right" ? x - font.widthOfTextAtSize(safe, size) : x;
    this.page.drawText(safe, { x: left, y, size, font, color: options.color ?? INK });
  }

  /** Wrapped text from `y` down; returns the y below it. */
  paragraph(
    value: string,
    x: number,
    y: number,
    width: number,
    options: { size?: number; bold?: boolean; color?: RGB; maxLines?: number } = {},
  ): number {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const lines = value
      .split(/\r\n|\r|\n/)
      .flatMap((paragraph) => wrap(toWinAnsi(paragraph, this.fonts.charset), font, size, width));
    let cursor = y;
    for (const line of clip(lines, options.maxLines ?? 3, font, size, width)) {
      this.page.drawText(line, { x, y: cursor, size, font, color: options.color ?? INK });
      cursor -= size * 1.4;
    }
    return cursor;
  }

  rule(y: number): void {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 1, color: RULE });
  }
}

function schoolContact(school: InvoiceDocument["school"]): string[] {
  const place = [school.city, [school.state, school.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [school.address, place, school.email, school.phone].filter((line): line is string => Boolean(line?.trim()));
}

/** The invoice's PDF bytes. `generatedAt` only sets the document's metadata dates. */
export async function renderInvoicePdf(invoice: InvoiceDocument, generatedAt: Date): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.invoiceNumber}`);
  pdf.setSubject(`Invoice ${invoice.invoiceNumber} from ${invoice.school.name}`);
  pdf.setAuthor(invoice.school.name);
  pdf.setCreator("SchoolRide");
  pdf.setProducer("SchoolRide");
  pdf.setCreationDate(generatedAt);
  pdf.setModificationDate(generatedAt);

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, charset: new Set(regular.getCharacterSet()) };
  const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const w = new Writer(page, fonts);
  const zone = invoice.school.timeZone;
  const half = (RIGHT - MARGIN) / 2;

  // Header: the school on the left, the document's name, number and status on the right.
  let y = PAGE_HEIGHT - MARGIN - 18;
  w.text("INVOICE", RIGHT, y, { size: 22, bold: true, align: "right" });
  let left = w.paragraph(invoice.school.name, MARGIN, y, half - 16, { size: 16, bold: true, maxLines: 2 });
  for (const line of schoolContact(invoice.school))
    left = w.paragraph(line, MARGIN, left, half - 16, { color: MUTED, maxLines: 2 });
  w.text(invoice.invoiceNumber, RIGHT, y - 22, { size: 12, bold: true, align: "right" });
  w.text(INVOICE_STATUS_LABELS[invoice.status], RIGHT, y - 40, {
    size: 12,
    bold: true,
    align: "right",
    color: STATUS_COLORS[invoice.status],
  });
  y = Math.min(left, y - 48) - 12;
  w.rule(y);

  // Bill to, and the dates.
  y -= 22;
  w.text("Bill to", MARGIN, y, { size: 9, color: MUTED });
  const billTo = w.paragraph(invoice.parent.name, MARGIN, y - 16, half - 16, { size: 11, bold: true, maxLines: 2 });
  const billed = w.paragraph(invoice.parent.email, MARGIN, billTo, half - 16, { color: MUTED, maxLines: 2 });
  const dates: [string, string][] = [
    ["Issue date", formatCalendarDay(invoice.issueDate)],
    ["Due date", formatCalendarDay(invoice.dueDate)],
  ];
  if (invoice.paidAt) dates.push(["Payment date", formatCalendarDay(localDate(invoice.paidAt, zone))]);
  if (invoice.refundedAt) dates.push(["Refund date", formatCalendarDay(localDate(invoice.refundedAt, zone))]);
  if (invoice.voidedAt) dates.push(["Voided on", formatCalendarDay(localDate(invoice.voidedAt, zone))]);
  let right = y;
  for (const [label, value] of dates) {
    w.text(label, MARGIN + half, right, { size: 9, color: MUTED });
    w.text(value, RIGHT, right, { align: "right" });
    right -= 18;
  }
  y = Math.min(billed, right) - 16;
  w.rule(y);

  // The amounts: description and base, the fee line (term-based only), the total.
  y -= 22;
  w.text("Description", MARGIN, y, { size: 9, color: MUTED });
  // The code, whatever the symbol: "$" alone does not say which dollars.
  w.text(`Amount (${invoice.school.currency})`, RIGHT, y, { size: 9, color: MUTED, align: "right" });
  y -= 18;
  w.text(formatMoney(invoice.baseAmountCents, invoice.school.currency), RIGHT, y, { align: "right" });
  y = w.paragraph(invoice.description, MARGIN, y, RIGHT - MARGIN - 110, { maxLines: MAX_DESCRIPTION_LINES }) - 6;
  const fee = feeLineLabel(invoice);
  if (fee) {
    w.text(fee, MARGIN, y);
    w.text(formatMoney(invoice.feeCents, invoice.school.currency), RIGHT, y, { align: "right" });
    y -= 20;
  }
  w.rule(y + 6);
  y -= 16;
  w.text("Total", MARGIN, y, { size: 12, bold: true });
  w.text(formatMoney(invoice.amountCents, invoice.school.currency), RIGHT, y, { size: 12, bold: true, align: "right" });

  y -= 36;
  w.text(statusLine(invoice), MARGIN, y, { bold: true, color: STATUS_COLORS[invoice.status] });
  // How it was paid (a cheque's number), or why it was voided.
  const detail =
    invoice.status === "paid" && invoice.paymentReference
      ? `Reference: ${invoice.paymentReference}`
      : invoice.status === "void" && invoice.voidReason
        ? `Reason: ${invoice.voidReason}`
        : null;
  if (detail) w.paragraph(detail, MARGIN, y - 16, RIGHT - MARGIN, { color: MUTED, maxLines: 4 });

  w.paragraph(
    `Questions about this invoice? Contact ${invoice.school.name} at ${invoice.school.email}.`,
    MARGIN,
    MARGIN + 10,
    RIGHT - MARGIN,
    {
      size: 8,
      color: MUTED,
      maxLines: 2,
    },
  );
  // A copy over a plain ArrayBuffer: what a Response body takes.
  return new Uint8Array(await pdf.save());
}
