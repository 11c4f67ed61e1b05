import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  invoices,
  invoiceTotals,
  parents,
  payments,
  platformCounters,
  schoolAdmins,
  schools,
} from "#db/schema/index.ts";
import { NO_REQUEST } from "#worker/services/audit.ts";
import { markOverdueInvoices } from "#worker/services/billing/overdue.ts";
import { deleteSchool } from "#worker/services/schools/admin.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate, query } from "../support/http.ts";
import { pay, startCheckout } from "../support/registration.ts";
import { seedScale } from "../support/scale-seed.ts";

/**
 * ADR 0018: the summary cards read counters that triggers keep in the same statement as every
 * write. After a run of writes through the app (and straight SQL, as a migration or a cascade
 * would), the counters equal a recount of the base tables.
 */
let t: TestApp;
let cookie: string;
let superAdmin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await createUser(t.db, "super_admin");
  cookie = (await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now())).cookie;
});
afterAll(() => t.close());

async function counters() {
  const rows = await t.db.select().from(platformCounters);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** The same figures, counted from the base tables. */
async function recount() {
  const [row] = await t.db.all<Record<string, number>>(sql`select
    (select count(*) from ${schools}) as schools,
    (select count(*) from ${schools} where ${schools.isActive} = 1 and ${schools.subscriptionStatus} = 'active') as schools_active,
    (select count(*) from ${schools} s where not exists (select 1 from ${schoolAdmins} a where a.school_id = s.id)) as schools_without_admins,
    (select count(*) from ${schoolAdmins}) as school_admins,
    (select count(*) from ${parents}) as parents,
    (select count(*) from ${schools} s where s.admin_count != (select count(*) from ${schoolAdmins} a where a.school_id = s.id)) as wrong_admin_counts`);
  const { wrong_admin_counts: wrong, ...figures } = row!;
  expect(wrong, "schools.admin_count matches its admins").toBe(0);
  return figures;
}

describe("platform counters (ADR 0018)", () => {
  it("equal a recount of the base tables after creates, status changes, approvals, admins, parents and deletions", async () => {
    expect(await counters()).toEqual(await recount());

    // Create New School, then deactivate and reactivate it (procedures).
    const created = await mutate(
      t.app,
      "superAdmin.schools.create",
      { name: "Counter Lane", email: "office@counter.example", timeZone: "UTC" },
      { cookie },
    );
    const { id } = created.data as { id: string };
    const update = { name: "Counter Lane", email: "office@counter.example", timeZone: "UTC", schoolId: id };
    await mutate(t.app, "superAdmin.schools.update", { ...update, isActive: false }, { cookie });
    expect(await counters()).toEqual(await recount());

    // A registration approved: the school appears with its subscription status.
    const { pendingSchoolId, sessionId } = await startCheckout(t);
    await pay(t, sessionId);
    expect((await mutate(t.app, "superAdmin.registrations.approve", { pendingSchoolId }, { cookie })).error).toBeNull();
    expect(await counters()).toEqual(await recount());

    // Admins and parents arrive and leave; a subscription changes status (as the Stripe webhook writes it).
    const school = await createSchool(t.db, { subscriptionStatus: "trialing" });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    await createUser(t.db, "school_admin", { schoolId: school.id });
    await createUser(t.db, "parent", { schoolId: school.id });
    await createUser(t.db, "parent", { schoolId: id });
    await t.db.update(schools).set({ subscriptionStatus: "active" }).where(eq(schools.id, school.id));
    await t.db.delete(schoolAdmins).where(eq(schoolAdmins.id, admin.id));
    await mutate(t.app, "superAdmin.schools.update", { ...update, isActive: true }, { cookie });
    expect(await counters()).toEqual(await recount());

    // Bulk data through the scale seeder, then deletions: the app's (everything of a school in one
    // batch) and a bare DELETE of a school that still has admins and parents (the cascade).
    await seedScale(t.db, { schools: 25, parentsPerSchool: 2, invitationsPerSchool: 1 });
    await deleteSchool(
      { deps: t.deps, actor: { ...superAdmin, role: "super_admin" }, meta: NO_REQUEST, now: t.clock.now() },
      { schoolId: school.id },
    );
    await t.db.delete(schools).where(eq(schools.id, "scale-s00000003"));
    await t.db.delete(parents).where(eq(parents.schoolId, "scale-s00000005"));
    const figures = await recount();
    expect(await counters()).toEqual(figures);
    expect(figures.schools).toBeGreaterThan(25);
  });

  it("feed the stat cards and the schools summary", async () => {
    const figures = await recount();
    const stats = (await query(t.app, "superAdmin.stats", undefined, { cookie })).data;
    expect(stats).toMatchObject({
      totalSchools: figures.schools,
      activeSchools: figures.schools_active,
      schoolAdmins: figures.school_admins,
      parents: figures.parents,
      pendingInvitesCapped: false,
    });
    const list = (await query(t.app, "superAdmin.schools.list", { page: 1 }, { cookie })).data as { summary: object };
    expect(list.summary).toEqual({
      totalSchools: figures.schools,
      activeSchools: figures.schools_active,
      missingAdmins: figures.schools_without_admins,
      totalUsers: Number(figures.school_admins) + Number(figures.parents),
    });
  });
});

/**
 * ADR 0022, ADR 0041: `invoice_totals` (the cards of Invoices & Payments) is kept by triggers on
 * `invoices` whatever writes them: Create Invoice, the corrections (void, edit, mark paid), the
 * payment webhook, a refund, the overdue sweep, and deletions. After each, it equals a recount.
 */
describe("invoice totals (ADR 0022, ADR 0041)", () => {
  const STATUSES = ["pending", "paid", "overdue", "refunded", "void"] as const;

  async function invoiceRecount(schoolId: string) {
    const rows = await t.db
      .select({
        status: invoices.status,
        count: sql<number>`count(*)`,
        cents: sql<number>`sum(${invoices.amountCents})`,
      })
      .from(invoices)
      .where(eq(invoices.schoolId, schoolId))
      .groupBy(invoices.status);
    return Object.fromEntries(
      STATUSES.map((status) => {
        const row = rows.find((candidate) => candidate.status === status);
        return [status, { count: row?.count ?? 0, cents: row?.cents ?? 0 }];
      }),
    );
  }
  async function kept(schoolId: string) {
    const [row] = await t.db.select().from(invoiceTotals).where(eq(invoiceTotals.schoolId, schoolId));
    return Object.fromEntries(
      STATUSES.map((status) => [status, { count: row?.[`${status}Count`] ?? 0, cents: row?.[`${status}Cents`] ?? 0 }]),
    );
  }

  it("equal a recount after creates, a void, an edit, a cash payment, a card payment, a refund, the overdue sweep and deletions", async () => {
    const school = await createSchool(t.db, { timeZone: "UTC" });
    const admin = await callerFor(t, await createUser(t.db, "school_admin", { schoolId: school.id }));
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const create = (description: string, issueDate = "2026-03-02", dueDate = "2026-03-17") =>
      admin.schoolAdmin.invoices.create({ recipientId: parent.id, description, baseAmount: 100, issueDate, dueDate });
    const check = async () => expect(await kept(school.id)).toEqual(await invoiceRecount(school.id));

    const [toVoid, toEdit, toCash, toCard] = [
      await create("Void me"),
      await create("Edit me"),
      await create("Cash"),
      await create("Card"),
      await create("Late", "2026-01-02", "2026-01-10"),
    ];
    await check();
    await admin.schoolAdmin.invoices.void({ invoiceId: toVoid.id, reason: "Duplicate" });
    await admin.schoolAdmin.invoices.update({
      invoiceId: toEdit.id,
      description: "Edited",
      baseAmount: 42.5,
      dueDate: "2026-03-20",
    });
    await admin.schoolAdmin.invoices.markPaid({ invoiceId: toCash.id, method: "cash", reference: "" });
    await check();
    // Paid by card through the simulated Checkout and the webhook, then refunded from the dev dashboard.
    const { url } = await (await callerFor(t, parent)).parent.payments.startInvoiceCheckout({ invoiceId: toCard.id });
    const session = url.split("/").pop()!;
    await t.app.request(`http://localhost:8787/dev/stripe/checkout/${session}/pay`, { method: "POST" });
    expect((await kept(school.id)).paid!.count).toBe(2);
    await check();
    const [payment] = await t.db.select().from(payments).where(eq(payments.invoiceId, toCard.id));
    await t.app.request(`http://localhost:8787/dev/stripe/payments/${payment!.stripePaymentIntentId}/refund`, {
      method: "POST",
    });
    await markOverdueInvoices(
      { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: t.deps.config.appUrl },
      t.clock.now(),
    );
    const totals = await kept(school.id);
    expect(totals).toMatchObject({
      refunded: { count: 1 },
      overdue: { count: 1 },
      void: { count: 1, cents: 10_500 },
      pending: { count: 1, cents: 4_463 },
    });
    await check();
    await t.db.delete(invoices).where(eq(invoices.id, toVoid.id));
    await check();
    await t.db.delete(parents).where(eq(parents.id, parent.id));
    await check();
    expect(await kept(school.id)).toEqual(
      Object.fromEntries(STATUSES.map((status) => [status, { count: 0, cents: 0 }])),
    );
  });
});
