import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { INVOICES_PAGE_SIZE, type InvoiceTab } from "#shared/invoices.ts";
import { invoices, invoiceTotals, parents } from "../../../db/schema/index.ts";
import { cappedCount, cappedPageOf, pageOffset } from "../_shared/paging.ts";
import type { ParentScope, SchoolScope } from "../_shared/scope.ts";
import { containsAny, ftsRowids, parseSearch } from "../_shared/search.ts";

type ListInput = { tab: InvoiceTab; search?: string | undefined; page: number };

/** What both lists show of an invoice (spec: number with issue date, description, amount, due date, status). */
const INVOICE_COLUMNS = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  description: invoices.description,
  baseAmountCents: invoices.baseAmountCents,
  feeCents: invoices.feeCents,
  amountCents: invoices.amountCents,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  status: invoices.status,
  paidAt: invoices.paidAt,
};

type Owner = [SQLiteColumn, string][];

/**
 * The owner (`school_id`, or `recipient_id`), the tab and the search of a list.
 * - `trigram` (a school's list, which grows): a search of 3 characters or more reads the trigram
 *   index's matches by rowid and keeps the school's (the unary `+` keeps SQLite from walking every
 *   invoice of the school and probing each); 1–2 characters are a substring of the school's rows.
 * - `own-rows` (a parent's list: a family's invoices): a substring of the owner's rows, read through
 *   the owner's index, whatever the length — never the platform's trigram matches.
 */
function listWhere(owner: Owner, input: ListInput, search: "trigram" | "own-rows"): SQL | undefined {
  const term = input.search ? parseSearch(input.search) : null;
  const byFts = search === "trigram" && term?.kind === "substring";
  const equal = (column: SQLiteColumn, value: string) => (byFts ? sql`+${column} = ${value}` : eq(column, value));
  const conditions = owner.map(([column, value]) => equal(column, value));
  if (input.tab !== "all") conditions.push(equal(invoices.status, input.tab));
  if (byFts) conditions.push(sql`${invoices}.rowid in ${ftsRowids("invoices_fts", term)}`);
  else if (term) conditions.push(containsAny(term.term, [invoices.invoiceNumber, invoices.description]));
  return and(...conditions);
}

const newestFirst = [desc(invoices.issueDate), desc(invoices.id)];

/** Per status: how many and how much, from the school's counter row (one row, whatever the number of invoices). */
function totalsOf(row: typeof invoiceTotals.$inferSelect | undefined) {
  return {
    pending: { count: row?.pendingCount ?? 0, cents: row?.pendingCents ?? 0 },
    paid: { count: row?.paidCount ?? 0, cents: row?.paidCents ?? 0 },
    overdue: { count: row?.overdueCount ?? 0, cents: row?.overdueCents ?? 0 },
    refunded: { count: row?.refundedCount ?? 0, cents: row?.refundedCents ?? 0 },
  };
}

/**
 * "Invoices & Payments": the school's invoices, newest issue date first, with the recipient, the
 * tab's page and its capped total, and the totals cards, in one round trip.
 */
export async function listSchoolInvoices(scope: SchoolScope, input: ListInput) {
  const { db } = scope.deps;
  const where = listWhere([[invoices.schoolId, scope.schoolId]], input, "trigram");
  const [rows, counted, totals] = await db.batch([
    db
      .select({ ...INVOICE_COLUMNS, recipient: { id: parents.id, name: parents.name, email: parents.email } })
      .from(invoices)
      .innerJoin(parents, eq(parents.id, invoices.recipientId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(INVOICES_PAGE_SIZE)
      .offset(pageOffset(input.page, INVOICES_PAGE_SIZE)),
    cappedCount(db, invoices, where, input.page, INVOICES_PAGE_SIZE),
    db.select().from(invoiceTotals).where(eq(invoiceTotals.schoolId, scope.schoolId)),
  ]);
  return { ...cappedPageOf(rows, counted[0]?.total ?? 0, input.page, INVOICES_PAGE_SIZE), totals: totalsOf(totals[0]), timeZone: scope.timeZone };
}

/** "My Invoices": only the invoices addressed to this parent by their school, with a count per status. */
export async function listParentInvoices(scope: ParentScope, input: ListInput) {
  const { db } = scope.deps;
  const owner: Owner = [
    [invoices.recipientId, scope.parentId],
    [invoices.schoolId, scope.schoolId],
  ];
  const where = listWhere(owner, input, "own-rows");
  const [rows, counted, byStatus] = await db.batch([
    db
      .select(INVOICE_COLUMNS)
      .from(invoices)
      .where(where)
      .orderBy(...newestFirst)
      .limit(INVOICES_PAGE_SIZE)
      .offset(pageOffset(input.page, INVOICES_PAGE_SIZE)),
    cappedCount(db, invoices, where, input.page, INVOICES_PAGE_SIZE),
    db
      .select({ status: invoices.status, count: count() })
      .from(invoices)
      .where(and(...owner.map(([column, value]) => eq(column, value))))
      .groupBy(invoices.status),
  ]);
  const counts = { pending: 0, paid: 0, overdue: 0, refunded: 0 };
  for (const row of byStatus) counts[row.status] = row.count;
  return { ...cappedPageOf(rows, counted[0]?.total ?? 0, input.page, INVOICES_PAGE_SIZE), counts, timeZone: scope.timeZone };
}
