import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { invoiceSequences, invoices, parents, schools } from "#db/schema/index.ts";
import { invoiceAmounts } from "#shared/fees.ts";
import { type createInvoiceInput, INVOICE_MESSAGES, invoiceAmountIssue } from "#shared/invoices.ts";
import { type Currency, checkedMinorUnits, formatMoney } from "#shared/money.ts";
import { emailDay, emailMoney } from "#worker/email/format.ts";
import { invoiceCreatedEmail } from "#worker/email/templates.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { enqueueEmails, outboxInsert } from "../email/outbox.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { heldInsert } from "../notifications/held.ts";
import { emailWanted, preferencesByUser, preferencesQuery, pushWanted } from "../notifications/preferences.ts";
import { invoiceIssuedWords } from "../notifications/words.ts";
import { feeRuleOf, feeRuleQueries } from "../payment-settings/settings.ts";
import { enqueuePushes, pushInsert } from "../push/outbox.ts";

/** Per school: far above a school invoicing every family by hand, far below a runaway script. */
export const INVOICE_CREATE_LIMIT = { windowMs: 60 * 60_000, max: 500 } as const;

/**
 * The next number of the school's year, taken in the batch of the insert (ADR 0022): the upsert
 * moves the sequence and the insert reads it back, in one transaction, so concurrent creates get
 * distinct, gapless numbers. `%03d` pads to 3 digits and grows past 999 ("INV-2026-1000").
 */
function nextNumberQueries(db: Db, schoolId: string, year: number) {
  const take = db
    .insert(invoiceSequences)
    // A school's first number of a year continues after invoices already numbered for it without
    // the sequence (imported or seeded rows), so the unique (school, number) never fails.
    .values({
      schoolId,
      year,
      lastNumber: sql`1 + coalesce((select max(cast(substr(${invoices.invoiceNumber}, ${`INV-${year}-`.length + 1}) as integer)) from ${invoices}
        where ${invoices.schoolId} = ${schoolId} and ${invoices.invoiceNumber} like ${`INV-${year}-%`}), 0)`,
    })
    .onConflictDoUpdate({
      target: [invoiceSequences.schoolId, invoiceSequences.year],
      set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
    });
  const number = sql<string>`(select printf('INV-%d-%03d', ${invoiceSequences.year}, ${invoiceSequences.lastNumber}) from ${invoiceSequences} where ${invoiceSequences.schoolId} = ${schoolId} and ${invoiceSequences.year} = ${year})`;
  return { take, number };
}

type CreateInvoice = z.infer<typeof createInvoiceInput>;

/** What Create Invoice answers, read back for a submission that already made its invoice. */
function invoiceOfRequest(db: Db, schoolId: string, requestKey: string) {
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      baseAmountCents: invoices.baseAmountCents,
      feeCents: invoices.feeCents,
      amountCents: invoices.amountCents,
    })
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.requestKey, requestKey)));
}

/** A base amount as typed → the currency's minor units; refused (400) with more decimals than it has (JPY: none) or above the ceiling. */
export function baseAmountMinor(currency: Currency, baseAmount: number): number {
  const issue = invoiceAmountIssue(baseAmount, currency);
  if (issue) throw new AppError("BAD_REQUEST", issue);
  return checkedMinorUnits(baseAmount, currency);
}

/**
 * Create Invoice: for an active parent of the actor's school only (another school's parent, or an
 * unknown id, is NOT_FOUND and nothing is written). The fee and total come from the school's stored
 * payment settings, never from the client. The invoice, its number, the parent's e-mail (outbox)
 * and the audit row are one batch. A submission carries the form's `requestKey`: sent again (a
 * double submit, a retry after a lost answer), it answers the invoice it made, and nothing more is
 * written, numbered or e-mailed.
 */
export async function createInvoice(scope: SchoolScope, input: CreateInvoice) {
  const { deps, schoolId, now } = scope;
  const { db } = deps;
  const { requestKey } = input;
  const baseMinor = baseAmountMinor(scope.currency, input.baseAmount);
  const [parentRows, settingsRows, schoolRows, earlier, preferenceRows] = await db.batch([
    db
      .select({
        id: parents.id,
        name: parents.name,
        email: parents.email,
        isActive: parents.isActive,
        locale: parents.locale,
        schoolLocale: schools.defaultLocale,
      })
      .from(parents)
      .innerJoin(schools, eq(schools.id, parents.schoolId))
      .where(and(eq(parents.id, input.recipientId), eq(parents.schoolId, schoolId))),
    ...feeRuleQueries(db, schoolId),
    invoiceOfRequest(db, schoolId, requestKey ?? ""),
    preferencesQuery(db, "parent", [input.recipientId]),
  ]);
  if (requestKey && earlier[0]) return earlier[0];
  const parent = parentRows[0];
  if (!parent) throw new AppError("NOT_FOUND", INVOICE_MESSAGES.recipientNotFound);
  if (!parent.isActive) throw new AppError("BAD_REQUEST", INVOICE_MESSAGES.recipientInactive);
  const limit = await hitWindow(
    db,
    `invoices:create:${schoolId}`,
    now,
    INVOICE_CREATE_LIMIT.windowMs,
    INVOICE_CREATE_LIMIT.max,
  );
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);

  const rule = feeRuleOf(settingsRows);
  const amounts = invoiceAmounts(baseMinor, rule.feeBps, rule.feeApplicationType);
  const schoolName = schoolRows[0]?.name ?? "Your school";
  const id = crypto.randomUUID();
  const { take, number } = nextNumberQueries(db, schoolId, Number(input.issueDate.slice(0, 4)));
  // A parent who turned off e-mail for new invoices finds it in My Invoices only (ADR 0066).
  const preferences = preferencesByUser(preferenceRows, [parent.id]).get(parent.id)!;
  const emailed = emailWanted("invoiceIssued", preferences, now, scope.timeZone);
  // And a push to their devices if they asked for one (ADR 0068); a tap opens My Invoices.
  const pushBatch = crypto.randomUUID();
  const pushed = pushWanted("invoiceIssued", preferences, now, scope.timeZone);
  // The parent's language (their own, else the school's), read with the parent.
  const locale = resolveLocale(parent.locale, parent.schoolLocale);
  const said = invoiceIssuedWords({
    schoolName,
    description: input.description,
    amountCents: amounts.amountCents,
    currency: scope.currency,
    dueDate: input.dueDate,
  })(locale);
  const issued = { title: said.title, body: said.message, url: "/parent/invoices" };
  const held = heldInsert(db, {
    role: "parent",
    schoolId,
    users: [{ id: parent.id, preferences }],
    kind: "invoiceIssued",
    content: issued,
    now,
    timeZone: scope.timeZone,
  });
  const mail = outboxInsert(
    db,
    {
      type: "invoice_created",
      to: parent.email,
      schoolId,
      relatedId: id,
      ...invoiceCreatedEmail({
        locale,
        schoolName,
        parentName: parent.name,
        description: input.description,
        amount: emailMoney(locale, amounts.amountCents, scope.currency),
        dueDate: emailDay(locale, input.dueDate),
        link: `${deps.config.appUrl}/parent/invoices`,
      }),
    },
    now,
  );
  const created = db.batch([
    take,
    db
      .insert(invoices)
      .values({
        id,
        schoolId,
        invoiceNumber: number,
        recipientId: parent.id,
        description: input.description,
        ...amounts,
        feeBps: rule.feeBps,
        feeApplicationType: rule.feeApplicationType,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        status: "pending",
        createdBy: scope.actor.id,
        emailedAt: emailed ? now : null,
        requestKey: requestKey ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ invoiceNumber: invoices.invoiceNumber }),
    ...(emailed ? [mail.query] : []),
    ...(pushed
      ? [
          pushInsert(db, {
            batchId: pushBatch,
            role: "parent",
            userIds: [parent.id],
            kind: "invoiceIssued",
            content: issued,
            now,
          }),
        ]
      : []),
    // Or kept for the digest (ADR 0075).
    ...(held ? [held] : []),
    auditInsert(
      db,
      {
        eventType: "invoice.created",
        description: `Invoice of ${formatMoney(amounts.amountCents, scope.currency)} created for ${parent.email}`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId,
        metadata: {
          invoiceId: id,
          recipientId: parent.id,
          ...amounts,
          feeBps: rule.feeBps,
          feeApplicationType: rule.feeApplicationType,
        },
        at: now,
      },
      scope.meta,
    ),
  ]);
  let inserted: Awaited<typeof created>[1];
  try {
    [, inserted] = await created;
  } catch (error) {
    // The same submission, concurrently: its batch won the key's unique index and this one rolled back whole.
    const [winner] = requestKey ? await invoiceOfRequest(db, schoolId, requestKey) : [];
    if (winner) return winner;
    throw error;
  }
  if (emailed) await enqueueEmails(deps, [mail.id]);
  if (pushed) await enqueuePushes(deps, [pushBatch]);
  return { id, invoiceNumber: inserted[0]!.invoiceNumber, ...amounts };
}
