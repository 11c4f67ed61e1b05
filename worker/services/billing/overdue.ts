import { and, asc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#db/client.ts";
import { invoices, notificationPreferences, parents, schools } from "#db/schema/index.ts";
import { currencyOf } from "#shared/money.ts";
import { DEFAULT_TIME_ZONE, isTimeZone, shiftDate, todayIn } from "#shared/school-time.ts";
import type { Logger } from "#worker/deps.ts";
import { emailDay, emailMoney } from "#worker/email/format.ts";
import { invoiceOverdueEmail } from "#worker/email/templates.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import type { QueueProducer } from "#worker/platform.ts";
import { enqueueEmails, outboxInsert } from "../email/outbox.ts";
import { fanOut } from "../notifications/fan-out.ts";
import { heldInsert } from "../notifications/held.ts";
import { emailWanted, fromRow, preferencesJoin, pushWanted } from "../notifications/preferences.ts";
import { invoiceOverdueWords, type WordedNotice, worded } from "../notifications/words.ts";
import { enqueuePushes } from "../push/outbox.ts";

export type OverdueDeps = { db: Db; queue: QueueProducer; logger: Logger; appUrl: string };

/** Invoices handled per batch (two notice statements each, plus one status update). */
export const OVERDUE_BATCH_SIZE = 100;
/** Batches per hourly run; a larger backlog is finished by the next runs. */
export const OVERDUE_MAX_BATCHES = 20;

/** The in-app notice the parent gets, once, when their invoice becomes overdue (in their language: ADR 0080). */
export function overdueNotice(invoice: {
  invoiceNumber: string;
  amountCents: number;
  dueDate: string;
  /** The school's currency code (schools.currency). */
  currency: string;
}): WordedNotice {
  return worded("warning", "payment", invoiceOverdueWords(invoice));
}

/**
 * "Past due" for every school at once: a due date before today in the school's own zone. The zones
 * are those of schools with pending invoices that could be past due anywhere (no zone is more than a
 * day ahead of UTC); zones sharing today's date share one condition. Null when nothing can be due.
 */
async function pastDue(db: Db, now: Date): Promise<SQL | null> {
  const latestToday = shiftDate(todayIn("UTC", now), 1);
  const zones = await db
    .selectDistinct({ timeZone: schools.timeZone })
    .from(invoices)
    .innerJoin(schools, eq(schools.id, invoices.schoolId))
    .where(and(eq(invoices.status, "pending"), lt(invoices.dueDate, latestToday)));
  const byToday = new Map<string, string[]>();
  for (const { timeZone } of zones) {
    const today = todayIn(isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE, now);
    byToday.set(today, [...(byToday.get(today) ?? []), timeZone]);
  }
  if (byToday.size === 0) return null;
  return or(
    ...[...byToday].map(([today, zoneNames]) => and(inArray(schools.timeZone, zoneNames), lt(invoices.dueDate, today))),
  )!;
}

/** True while the invoice is still pending: the notice's guard, checked when its statement runs. */
const stillPending = (invoiceId: string) =>
  sql`exists (select 1 from ${invoices} where ${invoices.id} = ${invoiceId} and ${invoices.status} = 'pending')`;

/**
 * Hourly: pending invoices whose due date is before today in their school's zone become overdue,
 * and the parent of each gets one in-app notice and one e-mail (CR1). One `db.batch` per batch of
 * invoices writes the notices, each guarded by "this invoice is still pending", and then flips the
 * statuses with one UPDATE. The batch is a single write transaction, so a second or concurrent run
 * finds the invoices overdue already and its guarded notices write nothing. Returns how many
 * invoices became overdue.
 */
export async function markOverdueInvoices(deps: OverdueDeps, now: Date): Promise<number> {
  const { db } = deps;
  const condition = await pastDue(db, now);
  if (!condition) return 0;
  let overdue = 0;
  for (let round = 0; round < OVERDUE_MAX_BATCHES; round++) {
    const due = await db
      .select({
        id: invoices.id,
        schoolId: invoices.schoolId,
        invoiceNumber: invoices.invoiceNumber,
        description: invoices.description,
        amountCents: invoices.amountCents,
        dueDate: invoices.dueDate,
        schoolName: schools.name,
        timeZone: schools.timeZone,
        currency: schools.currency,
        schoolLocale: schools.defaultLocale,
        preferences: notificationPreferences,
        parent: {
          id: parents.id,
          name: parents.name,
          email: parents.email,
          isActive: parents.isActive,
          locale: parents.locale,
        },
      })
      .from(invoices)
      .innerJoin(schools, eq(schools.id, invoices.schoolId))
      .innerJoin(parents, eq(parents.id, invoices.recipientId))
      .leftJoin(notificationPreferences, preferencesJoin("parent", parents.id))
      .where(and(eq(invoices.status, "pending"), condition))
      .orderBy(asc(invoices.dueDate), asc(invoices.id))
      .limit(OVERDUE_BATCH_SIZE);
    if (due.length === 0) return overdue;
    overdue += await markBatch(deps, due, now);
    if (due.length < OVERDUE_BATCH_SIZE) return overdue;
  }
  deps.logger.warn("overdue: more invoices past due than one run handles; the next runs continue", { overdue });
  return overdue;
}

type DueInvoice = {
  id: string;
  schoolId: string;
  invoiceNumber: string;
  description: string;
  amountCents: number;
  dueDate: string;
  schoolName: string;
  timeZone: string;
  currency: string;
  schoolLocale: string;
  preferences: typeof notificationPreferences.$inferSelect | null;
  parent: { id: string; name: string; email: string; isActive: boolean; locale: string | null };
};

async function markBatch(deps: OverdueDeps, due: DueInvoice[], now: Date): Promise<number> {
  const { db } = deps;
  const statements: BatchItem<"sqlite">[] = [];
  const mails: { id: string; statement: number }[] = [];
  const pushBatches: string[] = [];
  for (const invoice of due) {
    const guard = stillPending(invoice.id);
    const chosen = fromRow(invoice.preferences);
    // A push too, to a parent who asked for one (ADR 0068); a tap opens My Invoices.
    const pushed = invoice.parent.isActive && pushWanted("invoiceOverdue", chosen, now, invoice.timeZone);
    const content = overdueNotice(invoice);
    // The parent's language (their own, else the school's), read with the invoice: no query per parent.
    const locale = resolveLocale(invoice.parent.locale, invoice.schoolLocale);
    const said = content.words(locale);
    const notice = fanOut(db, {
      schoolId: invoice.schoolId,
      schoolName: invoice.schoolName,
      senderId: null,
      recipients: [{ role: "parent", id: invoice.parent.id, email: invoice.parent.email, locale }],
      content,
      audience: { kind: "invoice", ref: invoice.id, label: invoice.invoiceNumber },
      email: false,
      push: { kind: "invoiceOverdue", to: pushed ? [invoice.parent.id] : [], url: "/parent/invoices" },
      appUrl: deps.appUrl,
      now,
      onlyIf: guard,
    });
    pushBatches.push(...notice.pushBatches);
    const mail = outboxInsert(
      db,
      {
        type: "invoice_overdue",
        to: invoice.parent.email,
        schoolId: invoice.schoolId,
        relatedId: invoice.id,
        ...invoiceOverdueEmail({
          locale,
          parentName: invoice.parent.name,
          schoolName: invoice.schoolName,
          invoiceNumber: invoice.invoiceNumber,
          description: invoice.description,
          amount: emailMoney(locale, invoice.amountCents, currencyOf(invoice.currency)),
          dueDate: emailDay(locale, invoice.dueDate),
          link: `${deps.appUrl}/parent/invoices`,
        }),
      },
      now,
      guard,
    );
    statements.push(...notice.inserts);
    // What the parent's preferences keep for the digest or past quiet hours (ADR 0075).
    const held = invoice.parent.isActive
      ? heldInsert(db, {
          role: "parent",
          schoolId: invoice.schoolId,
          users: [{ id: invoice.parent.id, preferences: chosen }],
          kind: "invoiceOverdue",
          content: { title: said.title, body: said.message, url: "/parent/invoices" },
          now,
          timeZone: invoice.timeZone,
          onlyIf: guard,
        })
      : null;
    if (held) statements.push(held);
    // A deactivated parent cannot sign in to pay: the invoice still turns overdue, without an e-mail;
    // nor does a parent who turned off e-mail for overdue invoices get one (the in-app notice stays, ADR 0066).
    const wanted = emailWanted("invoiceOverdue", chosen, now, invoice.timeZone);
    if (invoice.parent.isActive && wanted) mails.push({ id: mail.id, statement: statements.push(mail.query) - 1 });
  }
  // Last: the notices above read "still pending" before this flips it.
  statements.push(
    db
      .update(invoices)
      .set({ status: "overdue", updatedAt: now })
      .where(
        and(
          inArray(
            invoices.id,
            due.map((invoice) => invoice.id),
          ),
          eq(invoices.status, "pending"),
        ),
      ),
  );
  const results = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as {
    rowsAffected?: number;
  }[];
  const written = mails.filter((mail) => results[mail.statement]?.rowsAffected === 1).map((mail) => mail.id);
  await enqueueEmails(deps, written);
  await enqueuePushes(deps, pushBatches);
  return results.at(-1)?.rowsAffected ?? 0;
}
