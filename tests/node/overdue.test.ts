import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emailLogs, invoices, notifications, parents } from "#db/schema/index.ts";
import { runScheduled } from "#worker/cron/scheduled.ts";
import { markOverdueInvoices, OVERDUE_BATCH_SIZE } from "#worker/services/billing/overdue.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, HOUR, type TestApp } from "../support/harness.ts";
import { seedInvoice } from "../support/invoice-documents.ts";
import { noEmailFor } from "../support/preferences.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ countRoundTrips: true });
});
afterEach(() => t.close());

const deps = () => ({
  db: t.db,
  queue: t.deps.queue,
  logger: t.logger,
  appUrl: t.deps.config.appUrl,
  stripe: t.deps.stripe,
});
const sweep = () => markOverdueInvoices(deps(), t.clock.now());

async function family(timeZone: string) {
  const school = await createSchool(t.db, { timeZone, name: `School in ${timeZone}` });
  const parent = await createUser(t.db, "parent", { schoolId: school.id, name: "Dana Rivers" });
  return {
    school,
    parent,
    invoice: (dueDate: string, values: Partial<typeof invoices.$inferInsert> = {}) =>
      seedInvoice(t.db, { schoolId: school.id, recipientId: parent.id, dueDate, ...values }),
  };
}

async function statuses(ids: string[]) {
  const rows = await t.db
    .select({ id: invoices.id, status: invoices.status })
    .from(invoices)
    .where(inArray(invoices.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

const overdueMails = () => t.db.select().from(emailLogs).where(eq(emailLogs.emailType, "invoice_overdue"));

describe("overdue sweep: the school's day", () => {
  it("an invoice due yesterday by UTC but today in America/Chicago stays pending until Chicago's midnight", async () => {
    const chicago = await family("America/Chicago");
    const utc = await family("UTC");
    // 03:00 UTC on 2 March is 21:00 on 1 March in Chicago.
    t.clock.set(new Date("2026-03-02T03:00:00Z"));
    const dueToday = await chicago.invoice("2026-03-01");
    const dueYesterday = await chicago.invoice("2026-02-28");
    const utcDueYesterday = await utc.invoice("2026-03-01");
    expect(await sweep()).toBe(2);
    expect(await statuses([dueToday.id, dueYesterday.id, utcDueYesterday.id])).toEqual({
      [dueToday.id]: "pending",
      [dueYesterday.id]: "overdue",
      [utcDueYesterday.id]: "overdue",
    });
    t.clock.set(new Date("2026-03-02T05:59:00Z"));
    expect(await sweep()).toBe(0);
    t.clock.set(new Date("2026-03-02T06:00:00Z")); // midnight in Chicago (CST, UTC-6)
    expect(await sweep()).toBe(1);
    expect(await statuses([dueToday.id])).toEqual({ [dueToday.id]: "overdue" });
  });

  it("an invoice due today by UTC but yesterday in Asia/Tokyo becomes overdue", async () => {
    const tokyo = await family("Asia/Tokyo");
    const utc = await family("UTC");
    // 20:00 UTC on 1 March is 05:00 on 2 March in Tokyo.
    t.clock.set(new Date("2026-03-01T20:00:00Z"));
    const tokyoInvoice = await tokyo.invoice("2026-03-01");
    const utcInvoice = await utc.invoice("2026-03-01");
    expect(await sweep()).toBe(1);
    expect(await statuses([tokyoInvoice.id, utcInvoice.id])).toEqual({
      [tokyoInvoice.id]: "overdue",
      [utcInvoice.id]: "pending",
    });
  });

  it("leaves paid, refunded and already overdue invoices alone, and notifies nobody for them", async () => {
    const { invoice } = await family("UTC");
    const rows = [
      await invoice("2026-02-01", { status: "paid" }),
      await invoice("2026-02-01", { status: "refunded" }),
      await invoice("2026-02-01", { status: "overdue" }),
    ];
    expect(await sweep()).toBe(0);
    expect(await statuses(rows.map((row) => row.id))).toEqual({
      [rows[0]!.id]: "paid",
      [rows[1]!.id]: "refunded",
      [rows[2]!.id]: "overdue",
    });
    expect(await t.db.select().from(notifications)).toEqual([]);
    expect(await overdueMails()).toEqual([]);
  });
});

describe("overdue sweep: the parent is told once (CR1)", () => {
  it("the parent gets one in-app notice and one e-mail, with the invoice's number, amount and due date", async () => {
    const { school, parent, invoice } = await family("America/Chicago");
    const due = await invoice("2026-02-27", {
      invoiceNumber: "INV-2026-042",
      description: "Spring term bus transport",
    });
    await sweep();
    const [notice, ...others] = await t.db.select().from(notifications);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({
      schoolId: school.id,
      recipientRole: "parent",
      recipientId: parent.id,
      title: "Invoice overdue",
      message: "Invoice INV-2026-042 for $52.50 was due on Friday, February 27, 2026 and is now overdue.",
      type: "warning",
      category: "payment",
      read: false,
    });
    const [mail, ...moreMails] = await overdueMails();
    expect(moreMails).toEqual([]);
    expect(mail).toMatchObject({
      recipientEmail: parent.email,
      schoolId: school.id,
      relatedId: due.id,
      status: "pending",
    });
    expect(mail!.subject).toBe(`School in America/Chicago: invoice INV-2026-042 is overdue`);
    for (const fact of [
      "Amount due: $52.50",
      "Due date: Friday, February 27, 2026",
      "Description: Spring term bus transport",
      "http://localhost:8787/parent/invoices",
    ]) {
      expect(mail!.textBody).toContain(fact);
    }
    expect(t.queued).toEqual([{ kind: "email", emailLogId: mail!.id }]);
  });

  it("a deactivated parent's invoice still turns overdue, without an e-mail", async () => {
    const { parent, invoice } = await family("UTC");
    const due = await invoice("2026-02-27");
    await t.db.update(parents).set({ isActive: false }).where(eq(parents.id, parent.id));
    expect(await sweep()).toBe(1);
    expect(await statuses([due.id])).toEqual({ [due.id]: "overdue" });
    expect(await overdueMails()).toEqual([]);
    expect(t.queued).toEqual([]);
  });

  it("CR1 a second run, and the next hours' cron runs, notify nobody twice", async () => {
    const { invoice } = await family("UTC");
    await invoice("2026-02-27");
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    for (let hour = 0; hour < 3; hour++) {
      const report = await runScheduled(deps(), t.clock.now());
      expect(report["overdue-invoices"]).toEqual({ overdue: 0 });
      t.clock.advance(HOUR);
    }
    expect(await t.db.select().from(notifications)).toHaveLength(1);
    expect(await overdueMails()).toHaveLength(1);
    // The outbox sweep puts the still-unsent e-mail on the queue again; it is the same one e-mail.
    expect(new Set(t.queued.flatMap((message) => (message.kind === "email" ? [message.emailLogId] : []))).size).toBe(1);
  });

  it("CR1 concurrent runs over a backlog larger than one batch mark and notify each invoice exactly once", async () => {
    const zones = ["America/Chicago", "UTC", "Asia/Tokyo"];
    const families = await Promise.all(zones.map(family));
    const count = OVERDUE_BATCH_SIZE * 2 + 30;
    const rows = Array.from({ length: count }, (_, index) => {
      const { school, parent } = families[index % zones.length]!;
      return {
        schoolId: school.id,
        recipientId: parent.id,
        invoiceNumber: `INV-2026-${1000 + index}`,
        description: "Term",
        baseAmountCents: 100,
        amountCents: 100,
        issueDate: "2026-01-01",
        dueDate: "2026-02-01",
      };
    });
    await t.db.insert(invoices).values(rows);
    const marked = await Promise.all([sweep(), sweep(), sweep(), sweep()]);
    expect(marked.reduce((sum, value) => sum + value, 0)).toBe(count);
    expect(await t.db.select().from(invoices).where(eq(invoices.status, "pending"))).toEqual([]);
    expect(await t.db.select().from(notifications)).toHaveLength(count);
    const mails = await overdueMails();
    expect(new Set(mails.map((mail) => mail.relatedId)).size).toBe(count);
    expect(mails).toHaveLength(count);
    expect(
      new Set(t.queued.map((message) => (message.kind === "email" ? message.emailLogId : message.pushLogId))),
    ).toEqual(new Set(mails.map((mail) => mail.id)));
    expect(t.queued).toHaveLength(count);
  });
});

describe("overdue sweep: the parent's notification preferences (ADR 0066)", () => {
  it("a parent who turned e-mail off for overdue invoices gets the in-app notice only; another still gets the e-mail", async () => {
    const quiet = await family("America/Chicago");
    const other = await family("America/Chicago");
    await noEmailFor(t, quiet.parent, "invoiceOverdue");
    const muted = await quiet.invoice("2026-02-27");
    const mailed = await other.invoice("2026-02-27");
    expect(await sweep()).toBe(2);
    expect(await statuses([muted.id, mailed.id])).toEqual({ [muted.id]: "overdue", [mailed.id]: "overdue" });
    expect((await t.db.select().from(notifications)).map((notice) => notice.recipientId).sort()).toEqual(
      [quiet.parent.id, other.parent.id].sort(),
    );
    expect((await overdueMails()).map((mail) => mail.relatedId)).toEqual([mailed.id]);
    expect(t.queued).toHaveLength(1);
  });
});

describe("overdue sweep: set-based", () => {
  it("one zone query, one read and one batch for many schools in several zones; one query when nothing is due", async () => {
    const zones = ["America/Chicago", "America/New_York", "UTC", "Europe/Paris", "Asia/Tokyo"];
    for (let index = 0; index < 15; index++) await (await family(zones[index % zones.length]!)).invoice("2026-02-20");
    const trips = t.roundTrips!;
    trips.reset();
    expect(await sweep()).toBe(15);
    expect(trips.count).toBe(3);
    trips.reset();
    expect(await sweep()).toBe(0);
    expect(trips.count).toBe(1);
  });
});
