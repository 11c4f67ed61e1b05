import { and, count, desc, eq, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { invoices, invoiceTotals, parents } from "#db/schema/index.ts";
import type { PaymentMethod } from "#shared/invoice-correction-texts.ts";
import { INVOICES_PAGE_SIZE, type InvoiceStatus, type listInvoicesInput } from "#shared/invoices.ts";
import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import { localDate } from "#shared/school-time.ts";
import { i18nFor } from "#worker/i18n/texts.ts";
import { cappedCountUpTo, cappedPageOf, countLimit, pageOffset } from "../_shared/paging.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { ParentScope, SchoolScope } from "../_shared/scope.ts";
import {
  containsAny,
  ftsMatch,
  ftsRowids,
  likePattern,
  parseSearch,
  type Search,
  TRIGRAM_MIN_LENGTH,
} from "../_shared/search.ts";
import { statusDetail } from "./paid-by.ts";

type ListInput = z.infer<typeof listInvoicesInput>;

/** What both lists show of an invoice (spec: number with issue date, description, amount, due date, status), and what a correction reads. */
export const INVOICE_COLUMNS = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  description: invoices.description,
  baseAmountCents: invoices.baseAmountCents,
  feeCents: invoices.feeCents,
  amountCents: invoices.amountCents,
  feeBps: invoices.feeBps,
  feeApplicationType: invoices.feeApplicationType,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  status: invoices.status,
  paidAt: invoices.paidAt,
  paymentMethod: invoices.paymentMethod,
  paymentReference: invoices.paymentReference,
  voidReason: invoices.voidReason,
};

type Owner = SQLiteColumn[];
const P = sql.placeholder;

/**
 * The owner's columns (`school_id`, or `recipient_id` and `school_id`, placeholders `owner0`,
 * `owner1`), the tab and the search of a list; every value a placeholder (ADR 0028).
 * - `trigram` (a school's list, which grows): a search of 3 characters or more reads the trigram
 *   index's matches of the school (`schoolInvoiceMatch`) by rowid and keeps the school's (the unary
 *   `+` keeps SQLite from walking every invoice of the school and probing each); 1–2 characters are
 *   a substring of the school's rows, their number and description or their parent's name and e-mail.
 * - `own-rows` (a parent's list: a family's invoices): a substring of the owner's rows, read through
 *   the owner's index, whatever the length — never the platform's trigram matches.
 */
function listWhere(owner: Owner, tab: boolean, search: "none" | "fts" | "like", recipients = false): SQL | undefined {
  const byFts = search === "fts";
  const equal = (column: SQLiteColumn, value: Placeholder) => (byFts ? sql`+${column} = ${value}` : eq(column, value));
  const conditions = owner.map((column, i) => equal(column, P(`owner${i}`)));
  if (tab) conditions.push(equal(invoices.status, P("tab")));
  if (byFts) conditions.push(sql`${invoices}.rowid in ${ftsRowids("invoices_fts", P("match"))}`);
  else if (search === "like") {
    const own = containsAny(P("like"), [invoices.invoiceNumber, invoices.description]);
    // A school's short search also finds its parents by name or e-mail (through the school's parent index).
    const byRecipient = sql`${invoices.recipientId} in (select ${parents.id} from ${parents} where ${parents.schoolId} = ${P("owner0")} and ${containsAny(P("like"), [parents.name, parents.email])})`;
    conditions.push(recipients ? or(own, byRecipient)! : own);
  }
  return and(...conditions);
}

/** The length of the school id's end that `invoices_fts` indexes (`search_school`, migration `invoice_search_by_school`). */
export const SEARCH_SCHOOL_LENGTH = 8;

/**
 * The FTS5 query of a school's search (ADR 0031): the term in the number, the description or the
 * parent's name or e-mail (ADR 0041), and the school's `search_school` (the end of its id), so FTS5
 * reads only the school's matches — not every school's. The end of an id may be another school's
 * too: `+school_id = ?` still decides.
 */
export function schoolInvoiceMatch(schoolId: string, search: Extract<Search, { kind: "substring" }>): string {
  const key = schoolId.slice(-SEARCH_SCHOOL_LENGTH);
  const term = ftsMatch(search, "{invoice_number description recipient_name recipient_email}");
  // A trigram index needs 3 characters; a shorter id (none is) is left to `+school_id = ?` alone.
  return [...key].length < TRIGRAM_MIN_LENGTH ? term : `search_school : "${key.replaceAll('"', '""')}" AND ${term}`;
}

/** A list call's shape (`listWhere`'s arguments) and its placeholders' values. */
function listFilters(owner: string[], input: ListInput, search: "trigram" | "own-rows", pageSize: number) {
  const term = input.search ? parseSearch(input.search) : null;
  const kind = !term ? "none" : search === "trigram" && term.kind === "substring" ? "fts" : "like";
  const values: Record<string, unknown> = {
    ...Object.fromEntries(owner.map((value, i) => [`owner${i}`, value])),
    tab: input.tab,
    match: kind === "fts" && term?.kind === "substring" ? schoolInvoiceMatch(owner[0]!, term) : undefined,
    like: term ? likePattern(term.term.toLowerCase()) : undefined,
    limit: pageSize,
    offset: pageOffset(input.page, pageSize),
    countLimit: countLimit(input.page, pageSize),
  };
  return { shape: `${input.tab === "all" ? "all" : "tab"}|${kind}`, values };
}

const shapeOf = (shape: string) => {
  const [tab, search] = shape.split("|") as [string, "none" | "fts" | "like"];
  return { tab: tab === "tab", search };
};

const newestFirst = [desc(invoices.issueDate), desc(invoices.id)];

/**
 * Each row with the day it was paid in the school's zone ("Paid on …"), so the browser needs no zone
 * code for it, and what its status says beyond the badge (ADR 0041): how it was paid offline ("Paid by
 * cheque · 004512") or why it was voided, so the page carries no payment-method texts.
 */
function withPaidOn<
  Row extends {
    paidAt: Date | null;
    status: InvoiceStatus;
    paymentMethod: PaymentMethod | null;
    paymentReference: string | null;
    voidReason: string | null;
  },
>(rows: Row[], zone: string, locale: Locale) {
  const i18n = i18nFor(locale);
  return rows.map((row) => ({
    ...row,
    paidOn: row.paidAt ? localDate(row.paidAt, zone) : null,
    statusDetail: statusDetail(row, i18n),
  }));
}

/** Per status: how many and how much, from the school's counter row (one row, whatever the number of invoices). */
function totalsOf(row: typeof invoiceTotals.$inferSelect | undefined) {
  return {
    pending: { count: row?.pendingCount ?? 0, cents: row?.pendingCents ?? 0 },
    paid: { count: row?.paidCount ?? 0, cents: row?.paidCents ?? 0 },
    overdue: { count: row?.overdueCount ?? 0, cents: row?.overdueCents ?? 0 },
    refunded: { count: row?.refundedCount ?? 0, cents: row?.refundedCents ?? 0 },
    void: { count: row?.voidCount ?? 0, cents: row?.voidCents ?? 0 },
  };
}

/** A list's page, newest first (placeholders `limit`, `offset`), prepared. */
function newestPage<T extends SQLiteSelect>(query: T, where: SQL | undefined) {
  return query
    .where(where)
    .orderBy(...newestFirst)
    .limit(P("limit"))
    .offset(P("offset"))
    .prepare();
}

const schoolListStatements = preparedPerShape((db, shape) => {
  const { tab, search } = shapeOf(shape);
  const where = listWhere([invoices.schoolId], tab, search, true);
  return {
    rows: newestPage(
      db
        .select({ ...INVOICE_COLUMNS, recipient: { id: parents.id, name: parents.name, email: parents.email } })
        .from(invoices)
        .innerJoin(parents, eq(parents.id, invoices.recipientId))
        .$dynamic(),
      where,
    ),
    total: cappedCountUpTo(db, invoices, where, P("countLimit")).prepare(),
    totals: db
      .select()
      .from(invoiceTotals)
      .where(eq(invoiceTotals.schoolId, P("owner0")))
      .prepare(),
  };
});

/**
 * "Invoices & Payments": the school's invoices, newest issue date first, with the recipient, the
 * tab's page and its capped total, and the totals cards, in one round trip.
 */
export async function listSchoolInvoices(scope: SchoolScope, input: ListInput, locale: Locale = SOURCE_LOCALE) {
  const { db } = scope.deps;
  const { shape, values } = listFilters([scope.schoolId], input, "trigram", INVOICES_PAGE_SIZE);
  const statements = schoolListStatements(db, shape);
  const [rows, counted, totals] = await batchPrepared(db, [
    [statements.rows, values],
    [statements.total, values],
    [statements.totals, values],
  ]);
  return {
    ...cappedPageOf(withPaidOn(rows, scope.timeZone, locale), counted[0]?.total ?? 0, input.page, INVOICES_PAGE_SIZE),
    totals: totalsOf(totals[0]),
    timeZone: scope.timeZone,
  };
}

const parentListStatements = preparedPerShape((db, shape) => {
  const { tab, search } = shapeOf(shape);
  const owner = [invoices.recipientId, invoices.schoolId];
  const where = listWhere(owner, tab, search);
  return {
    rows: newestPage(db.select(INVOICE_COLUMNS).from(invoices).$dynamic(), where),
    total: cappedCountUpTo(db, invoices, where, P("countLimit")).prepare(),
    byStatus: db
      .select({ status: invoices.status, count: count() })
      .from(invoices)
      .where(and(...owner.map((column, i) => eq(column, P(`owner${i}`)))))
      .groupBy(invoices.status)
      .prepare(),
  };
});

/** "My Invoices": only the invoices addressed to this parent by their school, with a count per status. */
export async function listParentInvoices(scope: ParentScope, input: ListInput, locale: Locale = SOURCE_LOCALE) {
  const { db } = scope.deps;
  const { shape, values } = listFilters([scope.parentId, scope.schoolId], input, "own-rows", INVOICES_PAGE_SIZE);
  const statements = parentListStatements(db, shape);
  const [rows, counted, byStatus] = await batchPrepared(db, [
    [statements.rows, values],
    [statements.total, values],
    [statements.byStatus, values],
  ]);
  const counts: Record<InvoiceStatus, number> = { pending: 0, paid: 0, overdue: 0, refunded: 0, void: 0 };
  for (const row of byStatus) counts[row.status] = row.count;
  return {
    ...cappedPageOf(withPaidOn(rows, scope.timeZone, locale), counted[0]?.total ?? 0, input.page, INVOICES_PAGE_SIZE),
    counts,
    timeZone: scope.timeZone,
  };
}
