import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { rowHolds } from "#db/conditional.ts";
import { invoices, parents, payments, schools } from "#db/schema/index.ts";
import { invoiceAmounts } from "#shared/fees.ts";
import {
  INVOICE_CORRECTION_MESSAGES,
  INVOICE_MESSAGES,
  type InvoiceStatus,
  invoiceOpen,
  type markInvoicePaidInput,
  OPEN_INVOICE_STATUSES,
  type resendInvoiceInput,
  type updateInvoiceInput,
  type voidInvoiceInput,
} from "#shared/invoices.ts";
import { formatMoney } from "#shared/money.ts";
import { emailDay, emailMoney } from "#worker/email/format.ts";
import { invoiceCreatedEmail, invoicePaymentRecordedEmail, invoiceVoidedEmail } from "#worker/email/templates.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { limitEmailSend } from "../email/limits.ts";
import { AppError } from "../errors.ts";
import { fanOut, type NotificationContent } from "../notifications/fan-out.ts";
import {
  invoiceReminderWords,
  invoiceUpdatedWords,
  invoiceVoidedWords,
  paymentRecordedWords,
  worded,
} from "../notifications/words.ts";
import { expireOpenCheckouts } from "../payments/checkout.ts";
import { settlePayables } from "../payments/settle.ts";
import { baseAmountMinor } from "./create.ts";
import { INVOICE_COLUMNS } from "./list.ts";
import { paidByText } from "./paid-by.ts";

/**
 * A school admin corrects an invoice (issue 25, ADR 0041): void it, edit it, send its e-mail again,
 * or record that it was paid by cash, cheque or bank transfer. Each is one guarded UPDATE that
 * claims the invoice (`change_id`, a value unique to the request) with, in the same batch, the
 * parent's notice, the e-mail and the audit row, written only if the claim won. A double click
 * answers as the first click did and writes nothing more. Voiding and recording an offline payment
 * expire the invoice's open Checkouts first and then settle its payments by the invoices' refund
 * rule (`invoices/refunds.ts`): a card payment that still arrives goes back.
 */

/** The invoice, its parent and its school, in the actor's school only (any other id is not found). */
async function invoiceToCorrect(scope: SchoolScope, invoiceId: string) {
  const [row] = await scope.deps.db
    .select({
      ...INVOICE_COLUMNS,
      changeId: invoices.changeId,
      parent: { id: parents.id, name: parents.name, email: parents.email, locale: parents.locale },
      schoolName: schools.name,
      schoolLocale: schools.defaultLocale,
    })
    .from(invoices)
    .innerJoin(parents, eq(parents.id, invoices.recipientId))
    .innerJoin(schools, eq(schools.id, invoices.schoolId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.schoolId, scope.schoolId)));
  if (!row) throw new AppError("NOT_FOUND", INVOICE_MESSAGES.notFound);
  return row;
}
type Invoice = Awaited<ReturnType<typeof invoiceToCorrect>>;

/** Why an invoice in this status cannot be changed (paid, void, refunded). */
function closedError(status: InvoiceStatus): AppError {
  if (status === "paid") return new AppError("CONFLICT", INVOICE_CORRECTION_MESSAGES.alreadyPaid);
  if (status === "void") return new AppError("CONFLICT", INVOICE_CORRECTION_MESSAGES.alreadyVoid);
  return new AppError("CONFLICT", INVOICE_CORRECTION_MESSAGES.notCorrectable);
}

/** What a correction answers: the invoice as it now stands. */
function answer(invoice: Pick<Invoice, "id" | "invoiceNumber" | "status">) {
  return { id: invoice.id, invoiceNumber: invoice.invoiceNumber, status: invoice.status };
}

/** Thrown by the commit when another request's claim won; the caller reads the invoice again. */
class ClaimLost extends AppError {
  constructor() {
    super("CONFLICT", INVOICE_CORRECTION_MESSAGES.notCorrectable);
  }
}

/**
 * The claim, the parent's notice, the e-mail (if any) and the audit row in one batch. Returns false
 * when the claim lost (a concurrent click, the webhook, the overdue sweep got there first).
 */
async function commitCorrection(
  scope: SchoolScope,
  invoice: Invoice,
  claim: { set: Partial<typeof invoices.$inferInsert>; where: SQL | undefined },
  effects: {
    notice: NotificationContent;
    email: Parameters<typeof commitWithOutbox>[2]["emails"][number] | null;
    audit: { eventType: string; description: string; metadata: Record<string, unknown> };
  },
  /** Written before the claim's unique value (a request key and ":"), so a later submission can find it. */
  markerPrefix: string | null = null,
): Promise<boolean> {
  const { deps, now, schoolId } = scope;
  const { db } = deps;
  const marker = `${markerPrefix ?? ""}${crypto.randomUUID()}`;
  const won = rowHolds(invoices, invoice.id, invoices.changeId, marker);
  const notice = fanOut(db, {
    schoolId,
    schoolName: invoice.schoolName,
    senderId: scope.actor.id,
    recipients: [{ role: "parent", id: invoice.parent.id, email: invoice.parent.email, locale: readerOf(invoice) }],
    content: effects.notice,
    // In the school's Sent tab under the invoice's number (ADR 0040).
    audience: { kind: "invoice", ref: invoice.id, label: invoice.invoiceNumber },
    email: false,
    appUrl: deps.config.appUrl,
    now,
    onlyIf: won,
  });
  try {
    await commitWithOutbox(
      scope,
      [
        db
          .update(invoices)
          .set({ ...claim.set, changeId: marker, updatedAt: now })
          .where(and(eq(invoices.id, invoice.id), eq(invoices.schoolId, schoolId), claim.where)),
        ...notice.inserts,
      ],
      {
        emails: effects.email ? [effects.email] : [],
        audit: {
          ...effects.audit,
          schoolId,
          metadata: { invoice_id: invoice.id, invoice_number: invoice.invoiceNumber, ...effects.audit.metadata },
        },
        claim: { won, lost: new ClaimLost() },
      },
    );
    return true;
  } catch (error) {
    if (error instanceof ClaimLost) return false;
    throw error;
  }
}

const open = inArray(invoices.status, [...OPEN_INVOICE_STATUSES]);
const link = (scope: SchoolScope) => `${scope.deps.config.appUrl}/parent/invoices`;

/**
 * `schoolAdmin.invoices.void`: a pending or overdue invoice is cancelled with a reason (kept in the
 * audit log); the parent is told in the app and by e-mail; nothing can be paid on it any more.
 */
/** The invoice's parent's language (their own, else the school's): the correction's e-mail is in it. */
const readerOf = (invoice: { parent: { locale: string | null }; schoolLocale: string }) =>
  resolveLocale(invoice.parent.locale, invoice.schoolLocale);

export async function voidInvoice(scope: SchoolScope, input: z.infer<typeof voidInvoiceInput>) {
  const { deps, now } = scope;
  const invoice = await invoiceToCorrect(scope, input.invoiceId);
  if (invoice.status === "void") return answer(invoice);
  if (!invoiceOpen(invoice.status)) throw closedError(invoice.status);
  await expireOpenCheckouts(deps, eq(payments.invoiceId, invoice.id), now);
  const amount = formatMoney(invoice.amountCents, scope.currency);
  const committed = await commitCorrection(
    scope,
    invoice,
    { set: { status: "void", voidedAt: now, voidReason: input.reason }, where: open },
    {
      notice: worded(
        "info",
        "payment",
        invoiceVoidedWords({
          schoolName: invoice.schoolName,
          invoiceNumber: invoice.invoiceNumber,
          description: invoice.description,
          amountCents: invoice.amountCents,
          currency: scope.currency,
          reason: input.reason,
        }),
      ),
      email: {
        type: "invoice_voided",
        to: invoice.parent.email,
        schoolId: scope.schoolId,
        relatedId: invoice.id,
        ...invoiceVoidedEmail({
          locale: readerOf(invoice),
          schoolName: invoice.schoolName,
          parentName: invoice.parent.name,
          invoiceNumber: invoice.invoiceNumber,
          description: invoice.description,
          amount: emailMoney(readerOf(invoice), invoice.amountCents, scope.currency),
          reason: input.reason,
          link: link(scope),
        }),
      },
      audit: {
        eventType: "invoice.voided",
        description: `Invoice ${invoice.invoiceNumber} (${amount}) voided: ${input.reason}`,
        metadata: { reason: input.reason, amount_cents: invoice.amountCents },
      },
    },
  );
  if (!committed) {
    const now2 = await invoiceToCorrect(scope, invoice.id);
    if (now2.status === "void") return answer(now2);
    throw closedError(now2.status);
  }
  // A card payment that landed anyway (a Checkout that could not be expired) goes back.
  await settlePayables(deps, "invoice", [invoice.id], "invoice_voided", now);
  return answer({ ...invoice, status: "void" });
}

/**
 * `schoolAdmin.invoices.markPaid`: the school was paid by cash, cheque or bank transfer. The invoice
 * turns paid (with its method, reference and who recorded it) and can no longer be paid online; the
 * parent gets a receipt. A card payment that still arrives goes back.
 */
export async function markInvoicePaid(scope: SchoolScope, input: z.infer<typeof markInvoicePaidInput>) {
  const { deps, now } = scope;
  const reference = input.reference || null;
  const invoice = await invoiceToCorrect(scope, input.invoiceId);
  const sameRecord = (row: Invoice) =>
    row.status === "paid" && row.paymentMethod === input.method && row.paymentReference === reference;
  if (sameRecord(invoice)) return answer(invoice);
  if (!invoiceOpen(invoice.status)) throw closedError(invoice.status);
  await expireOpenCheckouts(deps, eq(payments.invoiceId, invoice.id), now);
  const amount = formatMoney(invoice.amountCents, scope.currency);
  const committed = await commitCorrection(
    scope,
    invoice,
    {
      set: {
        status: "paid",
        paidAt: now,
        paymentMethod: input.method,
        paymentReference: reference,
        paymentRecordedBy: scope.actor.id,
      },
      where: open,
    },
    {
      notice: worded(
        "success",
        "payment",
        paymentRecordedWords({
          schoolName: invoice.schoolName,
          invoiceNumber: invoice.invoiceNumber,
          amountCents: invoice.amountCents,
          currency: scope.currency,
          method: input.method,
          reference,
        }),
      ),
      email: {
        type: "invoice_payment_recorded",
        to: invoice.parent.email,
        schoolId: scope.schoolId,
        relatedId: invoice.id,
        ...invoicePaymentRecordedEmail({
          locale: readerOf(invoice),
          schoolName: invoice.schoolName,
          parentName: invoice.parent.name,
          invoiceNumber: invoice.invoiceNumber,
          description: invoice.description,
          amount: emailMoney(readerOf(invoice), invoice.amountCents, scope.currency),
          paidBy: input.method,
          reference,
        }),
      },
      audit: {
        eventType: "invoice.marked_paid",
        description: `Invoice ${invoice.invoiceNumber} (${amount}) ${paidByText(input.method).toLowerCase()}${reference ? `, reference ${reference}` : ""}`,
        metadata: { method: input.method, reference, amount_cents: invoice.amountCents },
      },
    },
  );
  if (!committed) {
    const now2 = await invoiceToCorrect(scope, invoice.id);
    if (sameRecord(now2)) return answer(now2);
    throw closedError(now2.status);
  }
  await settlePayables(deps, "invoice", [invoice.id], "paid_offline", now);
  return answer({ ...invoice, status: "paid" });
}

/**
 * `schoolAdmin.invoices.update`: a pending invoice's description, base amount and due date. The
 * number and issue date stay; the fee is recomputed by the fee rule stored on the invoice when it
 * was created (a later change of the school's settings does not apply to it). A changed amount
 * expires the parent's open Checkout first (it would charge the old amount). The parent is told in
 * the app.
 */
export async function updateInvoice(scope: SchoolScope, input: z.infer<typeof updateInvoiceInput>) {
  const { deps, now } = scope;
  const invoice = await invoiceToCorrect(scope, input.invoiceId);
  const amounts = invoiceAmounts(
    baseAmountMinor(scope.currency, input.baseAmount),
    invoice.feeBps,
    invoice.feeApplicationType,
  );
  const next = { description: input.description, ...amounts, dueDate: input.dueDate };
  const holds = (row: Invoice) =>
    row.description === next.description &&
    row.amountCents === next.amountCents &&
    row.baseAmountCents === next.baseAmountCents &&
    row.dueDate === next.dueDate;
  if (invoice.status === "pending" && holds(invoice)) return { ...answer(invoice), ...amounts };
  if (invoice.status !== "pending")
    throw invoice.status === "overdue"
      ? new AppError("CONFLICT", INVOICE_CORRECTION_MESSAGES.onlyPendingEditable)
      : closedError(invoice.status);
  if (input.dueDate < invoice.issueDate) throw new AppError("BAD_REQUEST", INVOICE_MESSAGES.dueBeforeIssue);
  if (amounts.amountCents !== invoice.amountCents)
    await expireOpenCheckouts(deps, eq(payments.invoiceId, invoice.id), now);
  const changes = [
    next.description !== invoice.description ? `description "${invoice.description}" → "${next.description}"` : null,
    next.amountCents !== invoice.amountCents
      ? `amount ${formatMoney(invoice.amountCents, scope.currency)} → ${formatMoney(next.amountCents, scope.currency)}`
      : null,
    next.dueDate !== invoice.dueDate ? `due date ${invoice.dueDate} → ${next.dueDate}` : null,
  ].filter(Boolean);
  const committed = await commitCorrection(
    scope,
    invoice,
    {
      set: next,
      // Compare-and-set: still pending, and still what the admin edited.
      where: and(
        eq(invoices.status, "pending"),
        eq(invoices.description, invoice.description),
        eq(invoices.amountCents, invoice.amountCents),
        eq(invoices.dueDate, invoice.dueDate),
      ),
    },
    {
      notice: worded(
        "info",
        "payment",
        invoiceUpdatedWords({
          schoolName: invoice.schoolName,
          invoiceNumber: invoice.invoiceNumber,
          description: next.description,
          amountCents: next.amountCents,
          currency: scope.currency,
          dueDate: next.dueDate,
        }),
      ),
      email: null,
      audit: {
        eventType: "invoice.updated",
        description: `Invoice ${invoice.invoiceNumber} updated: ${changes.join("; ")}`,
        metadata: {
          before: {
            description: invoice.description,
            base_amount_cents: invoice.baseAmountCents,
            amount_cents: invoice.amountCents,
            due_date: invoice.dueDate,
          },
          after: {
            description: next.description,
            base_amount_cents: next.baseAmountCents,
            amount_cents: next.amountCents,
            due_date: next.dueDate,
          },
        },
      },
    },
  );
  if (!committed) {
    const now2 = await invoiceToCorrect(scope, invoice.id);
    if (now2.status === "pending" && holds(now2)) return { ...answer(now2), ...amounts };
    throw now2.status === "pending" || now2.status === "overdue"
      ? new AppError("CONFLICT", INVOICE_CORRECTION_MESSAGES.changedMeanwhile)
      : closedError(now2.status);
  }
  return { ...answer(invoice), ...amounts };
}

/**
 * `schoolAdmin.invoices.resend`: the invoice e-mail again, to the parent of a pending or overdue
 * invoice, within the e-mail limits (TK3). The dialog's `requestKey` makes a repeat of the same
 * submission (a double click, a retry) answer without a second e-mail: the claim writes the key
 * into `change_id`, and a claim with a key already there writes nothing.
 */
export async function resendInvoice(scope: SchoolScope, input: z.infer<typeof resendInvoiceInput>) {
  const { deps, now, actor, meta } = scope;
  const { requestKey } = input;
  const invoice = await invoiceToCorrect(scope, input.invoiceId);
  const sentForKey = (row: Invoice) => requestKey !== undefined && row.changeId?.startsWith(`${requestKey}:`) === true;
  const result = { ...answer(invoice), email: invoice.parent.email };
  if (sentForKey(invoice)) return result;
  if (!invoiceOpen(invoice.status)) throw closedError(invoice.status);
  await limitEmailSend(deps.db, { recipient: invoice.parent.email, actorId: actor.id, ipAddress: meta.ipAddress }, now);
  const keyPrefix = requestKey ? `${requestKey}:` : null;
  const committed = await commitCorrection(
    scope,
    invoice,
    {
      set: { emailedAt: now },
      where: and(
        open,
        keyPrefix ? sql`coalesce(substr(${invoices.changeId}, 1, ${keyPrefix.length}), '') <> ${keyPrefix}` : undefined,
      ),
    },
    {
      notice: worded(
        "info",
        "payment",
        invoiceReminderWords({
          schoolName: invoice.schoolName,
          invoiceNumber: invoice.invoiceNumber,
          description: invoice.description,
          amountCents: invoice.amountCents,
          currency: scope.currency,
          dueDate: invoice.dueDate,
        }),
      ),
      email: {
        type: "invoice_resent",
        to: invoice.parent.email,
        schoolId: scope.schoolId,
        relatedId: invoice.id,
        ...invoiceCreatedEmail({
          locale: readerOf(invoice),
          schoolName: invoice.schoolName,
          parentName: invoice.parent.name,
          description: invoice.description,
          amount: emailMoney(readerOf(invoice), invoice.amountCents, scope.currency),
          dueDate: emailDay(readerOf(invoice), invoice.dueDate),
          link: link(scope),
          resentNumber: invoice.invoiceNumber,
        }),
      },
      audit: {
        eventType: "invoice.resent",
        description: `Invoice ${invoice.invoiceNumber} e-mailed again to ${invoice.parent.email}`,
        metadata: { email: invoice.parent.email },
      },
    },
    keyPrefix,
  );
  if (!committed) {
    const now2 = await invoiceToCorrect(scope, invoice.id);
    if (sentForKey(now2)) return result;
    throw closedError(now2.status);
  }
  return result;
}
