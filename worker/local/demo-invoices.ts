/** The demo school's invoices to the demo parent (local mode): paid (with its payment), pending and overdue. */
import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { invoiceSequences, invoices, payments, schools } from "#db/schema/index.ts";
import { applicationFeeCents, invoiceAmounts } from "#shared/fees.ts";
import { DEFAULT_TIME_ZONE, shiftDate, todayIn } from "#shared/school-time.ts";

const DAY = 86_400_000;
const FEE_BPS = 500;
const PLATFORM_FEE_BPS = 500;

/** Fixed ids; days relative to the first seeding. */
const DEMO_INVOICES = [
  {
    id: "00000000-0000-4000-8000-000000000501",
    description: "Bus transport — autumn term",
    base: 24_000,
    issuedDaysAgo: 40,
    status: "paid",
    paidDaysAgo: 30,
  },
  {
    id: "00000000-0000-4000-8000-000000000503",
    description: "Late pickup service — October",
    base: 4_500,
    issuedDaysAgo: 30,
    status: "overdue",
  },
  {
    id: "00000000-0000-4000-8000-000000000502",
    description: "Bus transport — spring term",
    base: 24_000,
    issuedDaysAgo: 0,
    status: "pending",
  },
  {
    id: "00000000-0000-4000-8000-000000000504",
    description: "Museum field trip coach",
    base: 1_850,
    issuedDaysAgo: 0,
    status: "pending",
  },
] as const;

/**
 * Idempotent: rows have fixed ids (inserted once, never overwritten), and the school's invoice
 * sequence is raised to at least the demo numbers, so invoices created in the app continue after them.
 * Issue and due dates are days of the school's calendar, counted from its today (never UTC's, which
 * is tomorrow in the American evening).
 */
export async function seedDemoInvoices(
  db: Db,
  ids: { school: string; parent: string; admin: string },
  now: Date,
): Promise<void> {
  const [school] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, ids.school));
  const today = todayIn(school?.timeZone ?? DEFAULT_TIME_ZONE, now);
  const perYear = new Map<number, number>();
  const rows = DEMO_INVOICES.map((invoice) => {
    const issued = new Date(now.getTime() - invoice.issuedDaysAgo * DAY);
    const issueDate = shiftDate(today, -invoice.issuedDaysAgo);
    const year = Number(issueDate.slice(0, 4));
    const number = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, number);
    return {
      id: invoice.id,
      schoolId: ids.school,
      invoiceNumber: `INV-${year}-${String(number).padStart(3, "0")}`,
      recipientId: ids.parent,
      description: invoice.description,
      ...invoiceAmounts(invoice.base, FEE_BPS, "term_based"),
      feeBps: FEE_BPS,
      feeApplicationType: "term_based" as const,
      issueDate,
      dueDate: shiftDate(issueDate, 15),
      status: invoice.status,
      paidAt: "paidDaysAgo" in invoice ? new Date(now.getTime() - invoice.paidDaysAgo * DAY) : null,
      createdBy: ids.admin,
      createdAt: issued,
      updatedAt: issued,
    };
  });
  const paid = rows.filter((row) => row.status === "paid");
  await db.batch([
    db.insert(invoices).values(rows).onConflictDoNothing(),
    db
      .insert(payments)
      .values(
        paid.map((row) => ({
          id: row.id.replace(/50(\d)$/, "51$1"),
          schoolId: ids.school,
          parentId: ids.parent,
          invoiceId: row.id,
          amountCents: row.amountCents,
          applicationFeeCents: applicationFeeCents(row.amountCents, PLATFORM_FEE_BPS),
          status: "succeeded" as const,
          stripeCheckoutSessionId: `cs_demo_${row.id.slice(-3)}`,
          stripePaymentIntentId: `pi_demo_${row.id.slice(-3)}`,
          stripeChargeId: `ch_demo_${row.id.slice(-3)}`,
          paidAt: row.paidAt,
          createdAt: row.paidAt ?? now,
          updatedAt: row.paidAt ?? now,
        })),
      )
      .onConflictDoNothing(),
    ...[...perYear].map(([year, lastNumber]) =>
      db
        .insert(invoiceSequences)
        .values({ schoolId: ids.school, year, lastNumber })
        .onConflictDoUpdate({
          target: [invoiceSequences.schoolId, invoiceSequences.year],
          set: { lastNumber: sql`max(${invoiceSequences.lastNumber}, ${lastNumber})` },
        }),
    ),
  ]);
}
