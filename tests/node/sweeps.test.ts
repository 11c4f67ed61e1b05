import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emailLogs, invitations, invoices } from "#db/schema/index.ts";
import { runScheduled } from "#worker/cron/scheduled.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, DAY, HOUR, type TestApp } from "../support/harness.ts";
import { mutate, query } from "../support/http.ts";
import { tokenIn } from "../support/mail.ts";

let t: TestApp;
let cookie: string;
let schoolId: string;
beforeEach(async () => {
  t = await createTestApp();
  const school = await createSchool(t.db);
  schoolId = school.id;
  const admin = await createUser(t.db, "super_admin");
  ({ cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now()));
});
afterEach(() => t.close());

const run = () =>
  runScheduled(
    { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: t.deps.config.appUrl, stripe: t.deps.stripe },
    t.clock.now(),
  );

async function invitation(email: string) {
  const response = await mutate(
    t.app,
    "superAdmin.invitations.create",
    { name: "Sweep Test", email, schoolId },
    { cookie },
  );
  return (response.data as { id: string }).id;
}

const reminders = () => t.db.select().from(emailLogs).where(eq(emailLogs.emailType, "invite_reminder"));

describe("invitation sweeps", () => {
  it("sends one reminder about 48 hours before expiry, with a working fresh link", async () => {
    const id = await invitation("remind@example.com");
    t.clock.advance(4 * DAY); // 3 days left: too early
    await run();
    expect(await reminders()).toHaveLength(0);
    t.clock.advance(DAY + HOUR); // 47 hours left
    await run();
    const [reminder] = await reminders();
    expect(reminder).toMatchObject({ recipientEmail: "remind@example.com", relatedId: id, status: "pending" });
    expect(t.queued).toContainEqual({ kind: "email", emailLogId: reminder!.id });
    const described = await query(t.app, "auth.invitation", { token: tokenIn(reminder!.textBody) });
    expect(described.status).toBe(200);
    // Later hours do not send it again.
    t.clock.advance(HOUR);
    await run();
    t.clock.advance(HOUR);
    await run();
    expect(await reminders()).toHaveLength(1);
  });

  it("expires pending invitations past expires_at, once, and sends them no reminder", async () => {
    const id = await invitation("late@example.com");
    t.clock.advance(7 * DAY + HOUR);
    const report = await run();
    expect(report["expire-invitations"]).toEqual({ expired: 1 });
    expect(report["invite-reminders"]).toEqual({ reminders: 0 });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row).toMatchObject({ status: "expired", updatedAt: t.clock.now() });
    t.clock.advance(HOUR);
    expect((await run())["expire-invitations"]).toEqual({ expired: 0 });
  });

  it("a second run in the same hour changes nothing", async () => {
    await invitation("twice@example.com");
    t.clock.advance(5 * DAY + HOUR);
    await run();
    const before = await t.db.select().from(emailLogs);
    const second = await run();
    expect(Object.values(second).every((value) => value === "skipped")).toBe(true);
    expect(await t.db.select().from(emailLogs)).toEqual(before);
  });
});

describe("overdue invoices", () => {
  it("pending invoices past their due day become overdue; paid ones and ones due today do not", async () => {
    const parent = await createUser(t.db, "parent", { schoolId });
    const base = {
      schoolId,
      recipientId: parent.id,
      description: "Term",
      baseAmountCents: 100,
      amountCents: 100,
      issueDate: "2026-02-01",
    };
    await t.db.insert(invoices).values([
      { ...base, id: "past", invoiceNumber: "INV-2026-001", dueDate: "2026-03-01", status: "pending" },
      { ...base, id: "today", invoiceNumber: "INV-2026-002", dueDate: "2026-03-02", status: "pending" },
      { ...base, id: "paid", invoiceNumber: "INV-2026-003", dueDate: "2026-02-15", status: "paid" },
    ]);
    expect((await run())["overdue-invoices"]).toEqual({ overdue: 1 });
    const rows = await t.db.select({ id: invoices.id, status: invoices.status }).from(invoices).orderBy(invoices.id);
    expect(rows).toEqual([
      { id: "paid", status: "paid" },
      { id: "past", status: "overdue" },
      { id: "today", status: "pending" },
    ]);
  });
});

describe("outbox", () => {
  it("a failed enqueue loses nothing: the change commits, the row stays pending, the sweep enqueues it", async () => {
    const sent: string[] = [];
    let queueUp = false;
    t.deps.queue = {
      send: async (body) => {
        if (!queueUp) throw new Error("queue unavailable");
        if (body.kind === "email") sent.push(body.emailLogId);
      },
    };
    const id = await invitation("resilient@example.com");
    expect(id).toBeTruthy();
    const [row] = await t.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, "resilient@example.com"));
    expect(row!.status).toBe("pending");
    expect(t.logger.lines.some((line) => line.includes("enqueue failed"))).toBe(true);
    queueUp = true;
    t.clock.advance(6 * 60_000);
    await runScheduled(
      { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: t.deps.config.appUrl, stripe: t.deps.stripe },
      t.clock.now(),
    );
    expect(sent).toEqual([row!.id]);
  });
});
