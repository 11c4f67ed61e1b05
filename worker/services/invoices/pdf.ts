import type { MessageDescriptor } from "@lingui/core";
import { PageSizes, type PDFDocument, type PDFPage, type RGB, rgb } from "pdf-lib";
import type { PaymentMethod } from "#shared/invoice-correction-texts.ts";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "#shared/invoice-texts.ts";
import { LOCALE_TAGS, type Locale } from "#shared/locales.ts";
import { translated } from "#shared/said.ts";
import { localDate } from "#shared/school-time.ts";
import { emailDay, emailMoney } from "../../email/format.ts";
import { i18nFor, text } from "../../i18n/texts.ts";
import type { PdfFontFiles } from "../_shared/pdf-fonts.ts";
import { type DrawStyle, type PdfText, renderPdf } from "../_shared/pdf-text.ts";
import type { InvoiceDocument } from "./document.ts";

export { toWinAnsi } from "../_shared/pdf-text.ts";

/**
 * The invoice as a one-page PDF in the reader's language (issue 30, ADR 0079): the labels from the
 * server's catalogs, dates, amounts and the fee's percentage through Intl in their locale (amounts
 * in the school's currency, dates in the school's zone), the school's own words as written. The
 * text layer (../_shared/pdf-text.ts) picks the fonts: the standard ones when they can draw it all,
 * embedded Noto fonts otherwise; an Arabic invoice is laid out right to left.
 * This module is loaded on demand (`await import`) by the download route only.
 */

export const INVOICE_PDF_TEXTS = {
  title: /*i18n*/ { id: "pdf.invoice.title", message: "INVOICE" },
  documentTitle: /*i18n*/ { id: "pdf.invoice.documentTitle", message: "Invoice {number}" },
  subject: /*i18n*/ { id: "pdf.invoice.subject", message: "Invoice {number} from {school}" },
  billTo: /*i18n*/ { id: "pdf.invoice.billTo", message: "Bill to" },
  issueDate: /*i18n*/ { id: "pdf.invoice.issueDate", message: "Issue date" },
  dueDate: /*i18n*/ { id: "pdf.invoice.dueDate", message: "Due date" },
  paymentDate: /*i18n*/ { id: "pdf.invoice.paymentDate", message: "Payment date" },
  refundDate: /*i18n*/ { id: "pdf.invoice.refundDate", message: "Refund date" },
  voidedOn: /*i18n*/ { id: "pdf.invoice.voidedOn", message: "Voided on" },
  description: /*i18n*/ { id: "pdf.invoice.description", message: "Description" },
  // The code, whatever the symbol: "$" alone does not say which dollars.
  amount: /*i18n*/ { id: "pdf.invoice.amount", message: "Amount ({currency})" },
  fee: /*i18n*/ { id: "pdf.invoice.fee", message: "Fee ({percent}, term-based)" },
  total: /*i18n*/ { id: "pdf.invoice.total", message: "Total" },
  status: /*i18n*/ { id: "pdf.invoice.status", message: "Status: {status}" },
  paidOnline: /*i18n*/ { id: "pdf.invoice.paidOnline", message: "Paid online on {date}" },
  paidByCash: /*i18n*/ { id: "pdf.invoice.paidByCash", message: "Paid by cash on {date}" },
  paidByCheque: /*i18n*/ { id: "pdf.invoice.paidByCheque", message: "Paid by cheque on {date}" },
  paidByBankTransfer: /*i18n*/ { id: "pdf.invoice.paidByBankTransfer", message: "Paid by bank transfer on {date}" },
  reference: /*i18n*/ { id: "pdf.invoice.reference", message: "Reference: {reference}" },
  reason: /*i18n*/ { id: "pdf.invoice.reason", message: "Reason: {reason}" },
  questions: /*i18n*/ {
    id: "pdf.invoice.questions",
    message: "Questions about this invoice? Contact {school} at {email}.",
  },
} satisfies Record<string, MessageDescriptor>;
const T = INVOICE_PDF_TEXTS;

const PAID_BY: Record<PaymentMethod, MessageDescriptor> = {
  online: T.paidOnline,
  cash: T.paidByCash,
  cheque: T.paidByCheque,
  bank_transfer: T.paidByBankTransfer,
};

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

/** An invoice status's label in `locale` (the shared catalog's). */
export function statusLabel(locale: Locale, status: InvoiceStatus): string {
  return translated(i18nFor(locale), INVOICE_STATUS_LABELS[status]);
}

/** The line under the total: "Paid by cheque on Sunday, March 2, 2026", "Paid online on …", "Status: Void". */
export function statusLine(
  locale: Locale,
  invoice: Pick<InvoiceDocument, "status" | "paidAt" | "paymentMethod" | "school">,
): string {
  if (invoice.status === "paid" && invoice.paidAt)
    return text(locale, PAID_BY[invoice.paymentMethod ?? "online"], {
      date: emailDay(locale, localDate(invoice.paidAt, invoice.school.timeZone)),
    });
  return text(locale, T.status, { status: statusLabel(locale, invoice.status) });
}

/** "Fee (5%, term-based)"; a year-round invoice adds no fee, so it has no fee line. */
export function feeLineLabel(
  locale: Locale,
  document: Pick<InvoiceDocument, "feeBps" | "feeApplicationType">,
): string | null {
  if (document.feeApplicationType !== "term_based") return null;
  const percent = new Intl.NumberFormat(LOCALE_TAGS[locale], { style: "percent", maximumFractionDigits: 2 });
  return text(locale, T.fee, { percent: percent.format(document.feeBps / 10_000) });
}

type Options = { size?: number; bold?: boolean; color?: RGB; align?: "start" | "end"; maxLines?: number };

/** Draws on the one page; x is from the page's start edge (the right one in Arabic). */
class Writer {
  constructor(
    private readonly page: PDFPage,
    private readonly layer: PdfText,
  ) {}

  private style(options: Options): DrawStyle {
    return {
      size: options.size ?? 10,
      bold: options.bold ?? false,
      color: options.color ?? INK,
      align: options.align ?? "start",
    };
  }

  text(value: string, x: number, y: number, options: Options = {}): void {
    const style = this.style(options);
    const [line = ""] = this.layer.lines(value, style, RIGHT - MARGIN, 1);
    this.layer.draw(this.page, line, x, y, style);
  }

  /** Wrapped text from `y` down; returns the y below it. */
  paragraph(value: string, x: number, y: number, width: number, options: Options = {}): number {
    const style = this.style(options);
    let cursor = y;
    for (const line of this.layer.lines(value, style, width, options.maxLines ?? 3)) {
      this.layer.draw(this.page, line, x, cursor, style);
      cursor -= style.size * 1.4;
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

function drawInvoice(pdf: PDFDocument, layer: PdfText, invoice: InvoiceDocument, locale: Locale): void {
  const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const w = new Writer(page, layer);
  const zone = invoice.school.timeZone;
  const half = (RIGHT - MARGIN) / 2;
  const day = (date: string) => emailDay(locale, date);
  const money = (minor: number) => emailMoney(locale, minor, invoice.school.currency);

  // Header: the school at the start, the document's name, number and status at the end.
  let y = PAGE_HEIGHT - MARGIN - 18;
  w.text(text(locale, T.title), RIGHT, y, { size: 22, bold: true, align: "end" });
  let start = w.paragraph(invoice.school.name, MARGIN, y, half - 16, { size: 16, bold: true, maxLines: 2 });
  for (const line of schoolContact(invoice.school))
    start = w.paragraph(line, MARGIN, start, half - 16, { color: MUTED, maxLines: 2 });
  w.text(invoice.invoiceNumber, RIGHT, y - 22, { size: 12, bold: true, align: "end" });
  w.text(statusLabel(locale, invoice.status), RIGHT, y - 40, {
    size: 12,
    bold: true,
    align: "end",
    color: STATUS_COLORS[invoice.status],
  });
  y = Math.min(start, y - 48) - 12;
  w.rule(y);

  // Bill to, and the dates.
  y -= 22;
  w.text(text(locale, T.billTo), MARGIN, y, { size: 9, color: MUTED });
  const billTo = w.paragraph(invoice.parent.name, MARGIN, y - 16, half - 16, { size: 11, bold: true, maxLines: 2 });
  const billed = w.paragraph(invoice.parent.email, MARGIN, billTo, half - 16, { color: MUTED, maxLines: 2 });
  const dates: [MessageDescriptor, string][] = [
    [T.issueDate, day(invoice.issueDate)],
    [T.dueDate, day(invoice.dueDate)],
  ];
  if (invoice.paidAt) dates.push([T.paymentDate, day(localDate(invoice.paidAt, zone))]);
  if (invoice.refundedAt) dates.push([T.refundDate, day(localDate(invoice.refundedAt, zone))]);
  if (invoice.voidedAt) dates.push([T.voidedOn, day(localDate(invoice.voidedAt, zone))]);
  let end = y;
  for (const [label, value] of dates) {
    w.text(text(locale, label), MARGIN + half, end, { size: 9, color: MUTED });
    w.text(value, RIGHT, end, { align: "end" });
    end -= 18;
  }
  y = Math.min(billed, end) - 16;
  w.rule(y);

  // The amounts: description and base, the fee line (term-based only), the total.
  y -= 22;
  w.text(text(locale, T.description), MARGIN, y, { size: 9, color: MUTED });
  w.text(text(locale, T.amount, { currency: invoice.school.currency }), RIGHT, y, {
    size: 9,
    color: MUTED,
    align: "end",
  });
  y -= 18;
  w.text(money(invoice.baseAmountCents), RIGHT, y, { align: "end" });
  y = w.paragraph(invoice.description, MARGIN, y, RIGHT - MARGIN - 110, { maxLines: MAX_DESCRIPTION_LINES }) - 6;
  const fee = feeLineLabel(locale, invoice);
  if (fee) {
    w.text(fee, MARGIN, y);
    w.text(money(invoice.feeCents), RIGHT, y, { align: "end" });
    y -= 20;
  }
  w.rule(y + 6);
  y -= 16;
  w.text(text(locale, T.total), MARGIN, y, { size: 12, bold: true });
  w.text(money(invoice.amountCents), RIGHT, y, { size: 12, bold: true, align: "end" });

  y -= 36;
  w.text(statusLine(locale, invoice), MARGIN, y, { bold: true, color: STATUS_COLORS[invoice.status] });
  // How it was paid (a cheque's number), or why it was voided.
  const detail =
    invoice.status === "paid" && invoice.paymentReference
      ? text(locale, T.reference, { reference: invoice.paymentReference })
      : invoice.status === "void" && invoice.voidReason
        ? text(locale, T.reason, { reason: invoice.voidReason })
        : null;
  if (detail) w.paragraph(detail, MARGIN, y - 16, RIGHT - MARGIN, { color: MUTED, maxLines: 4 });

  w.paragraph(
    text(locale, T.questions, { school: invoice.school.name, email: invoice.school.email }),
    MARGIN,
    MARGIN + 10,
    RIGHT - MARGIN,
    { size: 8, color: MUTED, maxLines: 2 },
  );
}

/**
 * The invoice's PDF bytes in `locale`. `generatedAt` only sets the document's metadata dates;
 * `fonts` reads the embedded fonts' files (the app's assets).
 */
export function renderInvoicePdf(
  invoice: InvoiceDocument,
  generatedAt: Date,
  options: { locale: Locale; fonts: PdfFontFiles },
): Promise<Uint8Array<ArrayBuffer>> {
  const { locale } = options;
  return renderPdf((pdf, layer) => drawInvoice(pdf, layer, invoice, locale), {
    ...options,
    meta: (pdf) => {
      pdf.setTitle(text(locale, T.documentTitle, { number: invoice.invoiceNumber }));
      pdf.setSubject(text(locale, T.subject, { number: invoice.invoiceNumber, school: invoice.school.name }));
      pdf.setAuthor(invoice.school.name);
      pdf.setLanguage(LOCALE_TAGS[locale]);
      pdf.setCreator("SchoolRide");
      pdf.setProducer("SchoolRide");
      pdf.setCreationDate(generatedAt);
      pdf.setModificationDate(generatedAt);
    },
  });
}
