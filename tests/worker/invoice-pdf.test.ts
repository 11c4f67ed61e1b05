/**
 * Invoices in workerd: the PDF route (pdf-lib runs in the Worker runtime, the session comes from a
 * seeded session's cookie, the answer is a real PDF for the invoice's parent only), and the overdue
 * sweep over the remote database (the school's day from the runtime's Intl, one notice per invoice).
 */
import { exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailLogs, invoices, notifications, parents, schools } from "#db/schema/index.ts";
import { shiftDate, todayIn } from "#shared/school-time.ts";
import { sessionCookieName } from "#worker/auth/cookie.ts";
import { createSession } from "#worker/auth/session.ts";
import { consoleLogger } from "#worker/deps.ts";
import type { QueueMessageBody } from "#worker/platform.ts";
import { markOverdueInvoices } from "#worker/services/billing/overdue.ts";
import { pdfText, seedInvoice } from "../support/invoice-documents.ts";
import { pdfFontNames } from "../support/pdf-read.ts";
import { APP_ORIGIN, testDb, unique } from "./support/worker-env.ts";

async function seedParent(schoolId: string) {
  const [parent] = await testDb()
    .insert(parents)
    .values({
      schoolId,
      email: `${unique("parent")}@schoolride.test`,
      name: "Dana Rivers",
      passwordHash: "not-a-real-hash",
    })
    .returning();
  const { token } = await createSession(testDb(), {
    userId: parent!.id,
    role: "parent",
    remember: false,
    now: new Date(),
  });
  // Production config (https APP_URL): the __Host- cookie.
  return { parent: parent!, cookie: `${sessionCookieName({ secureCookies: true })}=${token}` };
}

async function seedSchool(timeZone: string) {
  const [school] = await testDb()
    .insert(schools)
    .values({
      name: "Workerd Primary",
      email: `${unique("office")}@schoolride.test`,
      code: unique("W").slice(0, 12),
      subscriptionStatus: "active",
      timeZone,
    })
    .returning();
  return school!;
}

describe("GET /api/invoices/:id/pdf in workerd", () => {
  it("gives the invoice's parent a real PDF, and another parent the 404", async () => {
    const school = await seedSchool("America/Chicago");
    const { parent, cookie } = await seedParent(school.id);
    const invoice = await seedInvoice(testDb(), {
      schoolId: school.id,
      recipientId: parent.id,
      invoiceNumber: "INV-2026-777",
      status: "paid",
      paidAt: new Date("2026-03-05T03:00:00Z"),
    });

    const response = await exports.default.fetch(`${APP_ORIGIN}/api/invoices/${invoice.id}/pdf`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="INV-2026-777.pdf"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(await pdfText(bytes)).toEqual(
      expect.arrayContaining([
        "Workerd Primary",
        "INV-2026-777",
        "Dana Rivers",
        "$52.50",
        "Paid online on Wednesday, March 4, 2026",
      ]),
    );

    const other = await seedParent(school.id);
    const refused = await exports.default.fetch(`${APP_ORIGIN}/api/invoices/${invoice.id}/pdf`, {
      headers: { Cookie: other.cookie },
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: "Not found" });
  });
});

describe("the invoice PDF in the reader's language in workerd (ADR 0079)", () => {
  it("an Arabic-reading parent gets it in Arabic: the fonts read through the ASSETS binding, embedded as subsets", async () => {
    const school = await seedSchool("America/Chicago");
    const { parent, cookie } = await seedParent(school.id);
    await testDb().update(parents).set({ locale: "ar", name: "فاطمة الزهراء" }).where(eq(parents.id, parent.id));
    const invoice = await seedInvoice(testDb(), {
      schoolId: school.id,
      recipientId: parent.id,
      invoiceNumber: "INV-2026-778",
      // Paid: the overdue sweep below must not find it.
      status: "paid",
      paidAt: new Date("2026-03-05T15:00:00Z"),
    });
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/invoices/${invoice.id}/pdf`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(await pdfText(bytes)).toEqual(
      expect.arrayContaining(["فاتورة", "فاطمة الزهراء", "الإجمالي", "INV-2026-778", "Workerd Primary"]),
    );
    const fonts = (await pdfFontNames(bytes)).map((name) => name.replace(/-\d+$/, ""));
    // Arabic first in an Arabic document (its font has the Latin letters and digits too).
    expect(fonts).toEqual(["NotoSansArabic-Bold", "NotoSansArabic-Regular"]);
    expect(bytes.length).toBeLessThan(80_000);
  });
});

describe("overdue sweep in workerd", () => {
  it("CR1 concurrent sweeps over the remote database mark the invoice overdue by the school's day and notify its parent once", async () => {
    const now = new Date();
    const school = await seedSchool("Asia/Tokyo");
    const { parent } = await seedParent(school.id);
    const yesterday = shiftDate(todayIn("Asia/Tokyo", now), -1);
    const today = todayIn("Asia/Tokyo", now);
    const late = await seedInvoice(testDb(), {
      schoolId: school.id,
      recipientId: parent.id,
      invoiceNumber: "INV-2026-901",
      dueDate: yesterday,
    });
    const dueToday = await seedInvoice(testDb(), {
      schoolId: school.id,
      recipientId: parent.id,
      invoiceNumber: "INV-2026-902",
      dueDate: today,
    });
    const sent: QueueMessageBody[] = [];
    const deps = {
      db: testDb(),
      queue: { send: async (body: QueueMessageBody) => void sent.push(body) },
      logger: consoleLogger,
      appUrl: APP_ORIGIN,
    };
    await Promise.all([markOverdueInvoices(deps, now), markOverdueInvoices(deps, now)]);

    const rows = await testDb()
      .select({ id: invoices.id, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.schoolId, school.id));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [late.id]: "overdue",
      [dueToday.id]: "pending",
    });
    const notices = await testDb().select().from(notifications).where(eq(notifications.recipientId, parent.id));
    expect(notices.map((notice) => notice.title)).toEqual(["Invoice overdue"]);
    const mails = await testDb()
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.relatedId, late.id), eq(emailLogs.emailType, "invoice_overdue")));
    expect(mails).toHaveLength(1);
    // Enqueued once, by whichever run wrote it (the cron test may sweep the shared database at the same time).
    expect(sent.filter((message) => message.kind !== "email" || message.emailLogId !== mails[0]!.id)).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(1);
  });
});
