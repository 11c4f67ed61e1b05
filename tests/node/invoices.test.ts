import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditLogs,
  emailLogs,
  invoiceSequences,
  invoices,
  invoiceTotals,
  paymentSettings,
  payments,
  rateLimits,
} from "#db/schema/index.ts";
import { INVOICE_MESSAGES } from "#shared/invoices.ts";
import { seedDemoInvoices } from "#worker/local/demo-invoices.ts";
import { INVOICE_CREATE_LIMIT } from "#worker/services/invoices/create.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";
import { noEmailFor } from "../support/preferences.ts";

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let parent: Awaited<ReturnType<typeof createUser>>;

const form = (overrides: Record<string, unknown> = {}) => ({
  recipientId: parent.id,
  description: "Bus transport — spring term",
  baseAmount: 240,
  issueDate: "2026-03-02",
  dueDate: "2026-03-17",
  ...overrides,
});

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, { name: "Maple Test", timeZone: "America/New_York", platformFeeBps: 300 });
  admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  parent = await createUser(t.db, "parent", { schoolId: school.id, name: "Jamie Rivera" });
});
afterEach(() => t.close());

const numbers = async (schoolId = school.id) =>
  (await t.db.select({ n: invoices.invoiceNumber }).from(invoices).where(eq(invoices.schoolId, schoolId)))
    .map((row) => row.n)
    .sort();

describe("payment settings", () => {
  it("defaults to 5 % term-based and shows the school's platform fee", async () => {
    const api = await callerFor(t, admin);
    expect(await api.schoolAdmin.paymentSettings.get()).toEqual({
      feeBps: 500,
      feeApplicationType: "term_based",
      feePercentage: 5,
      saved: false,
      platformFeeBps: 300,
      currency: "USD",
      currencyEditable: true,
      connectCurrency: null,
    });
  });

  it("LG1 saving writes one row per school and audits the old and the new rule", async () => {
    const api = await callerFor(t, admin);
    await api.schoolAdmin.paymentSettings.update({ feePercentage: 7.5, feeApplicationType: "year_round" });
    await api.schoolAdmin.paymentSettings.update({ feePercentage: 0.1, feeApplicationType: "term_based" });
    expect(await t.db.select().from(paymentSettings)).toMatchObject([
      { schoolId: school.id, feeBps: 10, feeApplicationType: "term_based", updatedBy: admin.id },
    ]);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.eventType, "payment_settings.updated"))
      .orderBy(auditLogs.createdAt);
    expect(audits.map((row) => row.metadata)).toEqual([
      {
        old: { feeBps: 500, feeApplicationType: "term_based" },
        new: { feeBps: 750, feeApplicationType: "year_round" },
      },
      { old: { feeBps: 750, feeApplicationType: "year_round" }, new: { feeBps: 10, feeApplicationType: "term_based" } },
    ]);
    expect((await api.schoolAdmin.paymentSettings.get()).feePercentage).toBe(0.1);
  });

  it("SE6 payment settings update without recent re-authentication is refused", async () => {
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    const response = await mutate(
      t.app,
      "schoolAdmin.paymentSettings.update",
      { feePercentage: 10, feeApplicationType: "term_based" },
      { cookie },
    );
    expect(response.status).toBe(403);
    expect(await t.db.select().from(paymentSettings)).toHaveLength(0);
  });

  it("refuses a fee out of range or off the 0.1 step, and extra keys; nothing is stored", async () => {
    const api = await callerFor(t, admin);
    for (const input of [
      { feePercentage: 100.1, feeApplicationType: "term_based" },
      { feePercentage: -1, feeApplicationType: "term_based" },
      { feePercentage: 5.05, feeApplicationType: "term_based" },
      { feePercentage: 5, feeApplicationType: "term_based", schoolId: "other" },
    ]) {
      expect((await failure(api.schoolAdmin.paymentSettings.update(input as never))).code).toBe("BAD_REQUEST");
    }
    expect(await t.db.select().from(paymentSettings)).toHaveLength(0);
  });
});

describe("create invoice", () => {
  it("a parent who turned e-mail off for new invoices gets the invoice without an e-mail (ADR 0066)", async () => {
    await noEmailFor(t, parent, "invoiceIssued");
    const api = await callerFor(t, admin);
    await api.schoolAdmin.invoices.create(form({ baseAmount: 20 }));
    const [row] = await t.db.select().from(invoices);
    expect(row).toMatchObject({ recipientId: parent.id, status: "pending", emailedAt: null });
    expect(await t.db.select().from(emailLogs).where(eq(emailLogs.emailType, "invoice_created"))).toEqual([]);
    expect(t.queued).toEqual([]);
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "invoice.created"))).toHaveLength(1);
  });

  it("computes fee and total from the stored settings, numbers it, e-mails the parent and audits", async () => {
    await t.db.insert(paymentSettings).values({ schoolId: school.id, feeBps: 750, feeApplicationType: "term_based" });
    const api = await callerFor(t, admin);
    const created = await api.schoolAdmin.invoices.create(form({ baseAmount: 12.34 }));
    expect(created).toMatchObject({
      invoiceNumber: "INV-2026-001",
      baseAmountCents: 1234,
      feeCents: 93,
      amountCents: 1327,
    });
    const [row] = await t.db.select().from(invoices);
    expect(row).toMatchObject({
      invoiceNumber: "INV-2026-001",
      recipientId: parent.id,
      baseAmountCents: 1234,
      feeCents: 93,
      amountCents: 1327,
      feeBps: 750,
      feeApplicationType: "term_based",
      issueDate: "2026-03-02",
      dueDate: "2026-03-17",
      status: "pending",
      createdBy: admin.id,
    });
    const [mail] = await t.db.select().from(emailLogs).where(eq(emailLogs.emailType, "invoice_created"));
    expect(mail?.recipientEmail).toBe(parent.email);
    expect(mail?.textBody).toContain("$13.27");
    expect(mail?.textBody).toContain("March 17, 2026");
    expect(mail?.textBody).toContain("/parent/invoices");
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "invoice.created"))).toHaveLength(1);
  });

  it("year_round keeps the total at the base amount", async () => {
    await t.db.insert(paymentSettings).values({ schoolId: school.id, feeBps: 1000, feeApplicationType: "year_round" });
    const api = await callerFor(t, admin);
    expect(await api.schoolAdmin.invoices.create(form({ baseAmount: 100 }))).toMatchObject({
      feeCents: 0,
      amountCents: 10_000,
    });
  });

  it("numbers 20 concurrent creates INV-2026-001 to 020: distinct and gapless", async () => {
    const api = await callerFor(t, admin);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.schoolAdmin.invoices.create(form({ description: `Term ${i}` }))),
    );
    const expected = Array.from({ length: 20 }, (_, i) => `INV-2026-${String(i + 1).padStart(3, "0")}`);
    expect(results.map((result) => result.invoiceNumber).sort()).toEqual(expected);
    expect(await numbers()).toEqual(expected);
  });

  it("a submission sent again (double submit, retry) answers its invoice: one row, one number, one e-mail, one audit row", async () => {
    const api = await callerFor(t, admin);
    const requestKey = crypto.randomUUID();
    const first = await api.schoolAdmin.invoices.create(form({ requestKey }));
    const again = await api.schoolAdmin.invoices.create(form({ requestKey }));
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => api.schoolAdmin.invoices.create(form({ requestKey }))),
    );
    expect(again).toEqual(first);
    for (const answer of concurrent) expect(answer).toEqual(first);
    expect(await numbers()).toEqual(["INV-2026-001"]);
    expect(await t.db.select().from(emailLogs).where(eq(emailLogs.emailType, "invoice_created"))).toHaveLength(1);
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "invoice.created"))).toHaveLength(1);
    // Five concurrent first submissions of one new key: one invoice, the next number, every answer the same.
    const fresh = crypto.randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => api.schoolAdmin.invoices.create(form({ requestKey: fresh }))),
    );
    expect(new Set(racing.map((answer) => answer.id)).size).toBe(1);
    expect(await numbers()).toEqual(["INV-2026-001", "INV-2026-002"]);
    // Another submission (a new key, or none) is another invoice; another school's same key is its own.
    await api.schoolAdmin.invoices.create(form({ requestKey: crypto.randomUUID() }));
    await api.schoolAdmin.invoices.create(form());
    expect(await numbers()).toEqual(["INV-2026-001", "INV-2026-002", "INV-2026-003", "INV-2026-004"]);
    const other = await createSchool(t.db);
    const otherAdmin = await createUser(t.db, "school_admin", { schoolId: other.id });
    const otherParent = await createUser(t.db, "parent", { schoolId: other.id });
    const theirs = await (await callerFor(t, otherAdmin)).schoolAdmin.invoices.create(
      form({ recipientId: otherParent.id, requestKey }),
    );
    expect(theirs.id).not.toBe(first.id);
    expect(await numbers(other.id)).toEqual(["INV-2026-001"]);
  });

  it("grows past 999 without breaking, per school and per year of the issue date", async () => {
    await t.db.insert(invoiceSequences).values({ schoolId: school.id, year: 2026, lastNumber: 998 });
    const api = await callerFor(t, admin);
    for (let i = 0; i < 3; i++) await api.schoolAdmin.invoices.create(form());
    await api.schoolAdmin.invoices.create(form({ issueDate: "2027-01-04", dueDate: "2027-01-19" }));
    expect(await numbers()).toEqual(["INV-2026-1000", "INV-2026-1001", "INV-2026-999", "INV-2027-001"]);
    // Another school starts at 001 in the same year.
    const other = await createSchool(t.db);
    const otherAdmin = await createUser(t.db, "school_admin", { schoolId: other.id });
    const otherParent = await createUser(t.db, "parent", { schoolId: other.id });
    await (await callerFor(t, otherAdmin)).schoolAdmin.invoices.create(form({ recipientId: otherParent.id }));
    expect(await numbers(other.id)).toEqual(["INV-2026-001"]);
  });

  it("a school's first number of a year continues after invoices numbered without the sequence (imported rows)", async () => {
    const imported = {
      schoolId: school.id,
      recipientId: parent.id,
      description: "Imported",
      baseAmountCents: 100,
      amountCents: 100,
      issueDate: "2026-01-05",
      dueDate: "2026-01-20",
    };
    await t.db.insert(invoices).values([
      { ...imported, invoiceNumber: "INV-2026-007" },
      { ...imported, invoiceNumber: "INV-2025-040" },
    ]);
    const api = await callerFor(t, admin);
    await api.schoolAdmin.invoices.create(form());
    await api.schoolAdmin.invoices.create(form());
    expect((await numbers()).filter((n) => n.startsWith("INV-2026"))).toEqual([
      "INV-2026-007",
      "INV-2026-008",
      "INV-2026-009",
    ]);
  });

  it("AZ2 an admin never invoices another school's parent: NOT_FOUND, nothing stored", async () => {
    const foreign = await createUser(t.db, "parent");
    const api = await callerFor(t, admin);
    for (const recipientId of [foreign.id, "no-such-parent", admin.id]) {
      const error = await failure(api.schoolAdmin.invoices.create(form({ recipientId })));
      expect(error).toEqual({ code: "NOT_FOUND", message: INVOICE_MESSAGES.recipientNotFound });
    }
    expect(await t.db.select().from(invoices)).toHaveLength(0);
    expect(await t.db.select().from(invoiceSequences)).toHaveLength(0);
    expect(await t.db.select().from(emailLogs)).toHaveLength(0);
  });

  it("refuses a deactivated parent with a clear message", async () => {
    const inactive = await createUser(t.db, "parent", { schoolId: school.id, isActive: false });
    const api = await callerFor(t, admin);
    expect(await failure(api.schoolAdmin.invoices.create(form({ recipientId: inactive.id })))).toEqual({
      code: "BAD_REQUEST",
      message: INVOICE_MESSAGES.recipientInactive,
    });
  });

  it("bad input (negative, 3 decimals, due before issue, extra keys, a client total, a malformed request key) gets a clear error and stores nothing", async () => {
    const api = await callerFor(t, admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ baseAmount: -5 }, INVOICE_MESSAGES.amount],
      [{ baseAmount: 10.005 }, INVOICE_MESSAGES.amount],
      [{ baseAmount: 2_000_000 }, INVOICE_MESSAGES.amountTooLarge(100_000_000, "USD")],
      [{ dueDate: "2026-03-01" }, INVOICE_MESSAGES.dueBeforeIssue],
      [{ issueDate: "2026-13-01" }, INVOICE_MESSAGES.issueDate],
      [{ description: "   " }, INVOICE_MESSAGES.description],
      [{ amountCents: 1 }, ""],
      [{ requestKey: "not-a-key" }, ""],
    ];
    for (const [change, message] of cases) {
      const error = await failure(api.schoolAdmin.invoices.create(form(change) as never));
      expect(error.code, JSON.stringify(change)).toBe("BAD_REQUEST");
      expect(error.message).toContain(message);
    }
    expect(await t.db.select().from(invoices)).toHaveLength(0);
  });

  it("is rate-limited per school: over the hourly limit, 429 and nothing stored", async () => {
    const now = t.clock.now();
    await t.db.insert(rateLimits).values({
      key: `invoices:create:${school.id}`,
      count: INVOICE_CREATE_LIMIT.max,
      windowStart: now,
      streak: 0,
      updatedAt: now,
    });
    const api = await callerFor(t, admin);
    expect((await failure(api.schoolAdmin.invoices.create(form()))).code).toBe("TOO_MANY_REQUESTS");
    expect(await t.db.select().from(invoices)).toHaveLength(0);
    expect(await t.db.select().from(invoiceSequences)).toHaveLength(0);
  });

  it("a parent cannot create invoices", async () => {
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    expect((await mutate(t.app, "schoolAdmin.invoices.create", form(), { cookie })).status).toBe(403);
  });
});

describe("lists, tabs, search and totals", () => {
  async function seedThree() {
    const api = await callerFor(t, admin);
    const a = await api.schoolAdmin.invoices.create(
      form({ description: "Autumn term", baseAmount: 100, issueDate: "2026-01-05", dueDate: "2026-01-20" }),
    );
    const b = await api.schoolAdmin.invoices.create(
      form({ description: "Spring term", baseAmount: 200, issueDate: "2026-02-05", dueDate: "2026-02-20" }),
    );
    const c = await api.schoolAdmin.invoices.create(
      form({ description: "Field trip", baseAmount: 50, issueDate: "2026-03-01", dueDate: "2026-03-16" }),
    );
    // Status changes from elsewhere (the webhook, the overdue sweep) move the totals through the triggers.
    await t.db.update(invoices).set({ status: "paid" }).where(eq(invoices.id, a.id));
    await t.db.update(invoices).set({ status: "overdue" }).where(eq(invoices.id, b.id));
    return { api, a, b, c };
  }

  it("admin: newest first with the recipient, tabs, search by number or description, totals cards", async () => {
    const { api } = await seedThree();
    const all = await api.schoolAdmin.invoices.list({ tab: "all", page: 1 });
    expect(all.rows.map((row) => row.description)).toEqual(["Field trip", "Spring term", "Autumn term"]);
    expect(all.rows[0]!.recipient).toEqual({ id: parent.id, name: "Jamie Rivera", email: parent.email });
    expect(all.totals).toEqual({
      pending: { count: 1, cents: 5250 },
      paid: { count: 1, cents: 10_500 },
      overdue: { count: 1, cents: 21_000 },
      refunded: { count: 0, cents: 0 },
      void: { count: 0, cents: 0 },
    });
    const descriptions = async (input: Record<string, unknown>) =>
      (await api.schoolAdmin.invoices.list({ tab: "all", page: 1, ...input })).rows.map((row) => row.description);
    expect(await descriptions({ tab: "pending" })).toEqual(["Field trip"]);
    expect(await descriptions({ tab: "paid" })).toEqual(["Autumn term"]);
    expect(await descriptions({ tab: "overdue" })).toEqual(["Spring term"]);
    expect(await descriptions({ search: "TERM" })).toEqual(["Spring term", "Autumn term"]);
    expect(await descriptions({ search: "inv-2026-002" })).toEqual(["Spring term"]);
    expect(await descriptions({ search: "fi" })).toEqual(["Field trip"]);
    expect(await descriptions({ search: '"%_' })).toEqual([]);
    expect(await descriptions({ search: "term", tab: "paid" })).toEqual(["Autumn term"]);
  });

  it("the totals follow every write (refund, deletion, amount change) and match a recount", async () => {
    const { a, c } = await seedThree();
    await t.db.update(invoices).set({ status: "refunded" }).where(eq(invoices.id, a.id));
    await t.db.update(invoices).set({ amountCents: 999 }).where(eq(invoices.id, c.id));
    const [recount] = await t.db
      .select({
        pending: sql<number>`sum(case when status = 'pending' then amount_cents else 0 end)`,
        overdue: sql<number>`sum(case when status = 'overdue' then amount_cents else 0 end)`,
        refunded: sql<number>`sum(case when status = 'refunded' then amount_cents else 0 end)`,
      })
      .from(invoices)
      .where(eq(invoices.schoolId, school.id));
    const [totals] = await t.db.select().from(invoiceTotals).where(eq(invoiceTotals.schoolId, school.id));
    expect(totals).toMatchObject({
      pendingCents: recount!.pending,
      overdueCents: recount!.overdue,
      refundedCents: recount!.refunded,
      paidCents: 0,
      paidCount: 0,
      refundedCount: 1,
    });
    await t.db.delete(invoices).where(and(eq(invoices.schoolId, school.id)));
    const [empty] = await t.db.select().from(invoiceTotals).where(eq(invoiceTotals.schoolId, school.id));
    expect(empty).toMatchObject({
      pendingCount: 0,
      pendingCents: 0,
      overdueCount: 0,
      overdueCents: 0,
      refundedCount: 0,
      refundedCents: 0,
    });
  });

  it("AZ2 a parent lists only the invoices addressed to them, with counts per status", async () => {
    const { a } = await seedThree();
    const sibling = await createUser(t.db, "parent", { schoolId: school.id });
    const admin2 = await callerFor(t, admin);
    await admin2.schoolAdmin.invoices.create(form({ recipientId: sibling.id, description: "Someone else's term" }));
    const mine = await (await callerFor(t, parent)).parent.invoices.list({ tab: "all", page: 1 });
    expect(mine.rows).toHaveLength(3);
    expect(mine.rows.map((row) => row.description)).not.toContain("Someone else's term");
    expect(mine.counts).toEqual({ pending: 1, paid: 1, overdue: 1, refunded: 0, void: 0 });
    expect(
      (await (await callerFor(t, parent)).parent.invoices.list({ tab: "paid", page: 1 })).rows.map((row) => row.id),
    ).toEqual([a.id]);
    const theirs = await (await callerFor(t, sibling)).parent.invoices.list({ tab: "all", search: "term", page: 1 });
    expect(theirs.rows.map((row) => row.description)).toEqual(["Someone else's term"]);
    // Another school's admin sees none of them.
    const otherAdmin = await createUser(t.db, "school_admin");
    const foreignList = await (await callerFor(t, otherAdmin)).schoolAdmin.invoices.list({ tab: "all", page: 1 });
    expect(foreignList.rows).toEqual([]);
    expect(foreignList.totals.pending.count).toBe(0);
  });

  it("pages on the server with a capped total", async () => {
    const api = await callerFor(t, admin);
    for (let i = 0; i < 23; i++) await api.schoolAdmin.invoices.create(form({ description: `Term ${i}` }));
    const second = await api.schoolAdmin.invoices.list({ tab: "all", page: 2 });
    expect(second).toMatchObject({ total: 23, pages: 2, page: 2, totalCapped: false });
    expect(second.rows).toHaveLength(3);
  });
});

describe("demo invoices (local mode)", () => {
  it("seeds paid (with its payment), overdue and pending invoices once; new invoices continue the numbering", async () => {
    const ids = { school: school.id, parent: parent.id, admin: admin.id };
    await seedDemoInvoices(t.db, ids, t.clock.now());
    await seedDemoInvoices(t.db, ids, t.clock.now());
    const rows = await t.db.select().from(invoices);
    expect(rows.map((row) => row.status).sort()).toEqual(["overdue", "paid", "pending", "pending"]);
    expect(await t.db.select().from(payments)).toMatchObject([
      { status: "succeeded", amountCents: 25_200, applicationFeeCents: 1_260 },
    ]);
    const year = t.clock.now().toISOString().slice(0, 4);
    const seededThisYear = rows.filter((row) => row.invoiceNumber.startsWith(`INV-${year}-`)).length;
    const created = await (await callerFor(t, admin)).schoolAdmin.invoices.create(
      form({ issueDate: `${year}-12-31`, dueDate: `${Number(year) + 1}-01-15` }),
    );
    expect(created.invoiceNumber).toBe(`INV-${year}-${String(seededThisYear + 1).padStart(3, "0")}`);
  });
});
