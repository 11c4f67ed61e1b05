import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, invoices, parents, schools } from "#db/schema/index.ts";
import { hitWindow } from "#worker/services/_shared/rate-limit.ts";
import { INVOICE_PDF_LIMIT } from "#worker/services/invoices/document.ts";
import { feeLineLabel, toWinAnsi } from "#worker/services/invoices/pdf.ts";
import { SUBSCRIPTION_REQUIRED } from "#worker/trpc/rungs.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { pdfText, seedInvoice } from "../support/invoice-documents.ts";
import { pdfFontAssets } from "../support/pdf-fonts.ts";

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
const cookies: Record<string, string> = {};
let parentId: string;
let invoiceId: string;

const download = (id: string, cookie?: string) =>
  t.app.request(`http://localhost:8787/api/invoices/${id}/pdf`, { headers: cookie ? { cookie } : {} });

async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  return (await pdfText(bytes)).join("\n");
}

beforeAll(async () => {
  // The app's assets as far as the PDFs' fonts go (dist/pdf-fonts/, without a build).
  t = await createTestApp({ assets: pdfFontAssets() });
  school = await createSchool(t.db, {
    name: "Maple Grove Primary",
    email: "office@maple.example",
    phone: "+13125550100",
    address: "12 Maple Street",
    city: "Chicago",
    state: "IL",
    zipCode: "60601",
    timeZone: "America/Chicago",
  });
  const otherSchool = await createSchool(t.db);
  const parent = await createUser(t.db, "parent", {
    schoolId: school.id,
    name: "Dana Rivers",
    email: "dana@example.com",
  });
  parentId = parent.id;
  const users = {
    admin: await createUser(t.db, "school_admin", { schoolId: school.id }),
    parent,
    sameSchoolParent: await createUser(t.db, "parent", { schoolId: school.id }),
    otherAdmin: await createUser(t.db, "school_admin", { schoolId: otherSchool.id }),
    otherParent: await createUser(t.db, "parent", { schoolId: otherSchool.id }),
    superAdmin: await createUser(t.db, "super_admin"),
  };
  for (const [name, user] of Object.entries(users))
    cookies[name] = (await sessionCookieFor(t.db, t.deps.config, user, t.clock.now())).cookie;
  invoiceId = (await seedInvoice(t.db, { schoolId: school.id, recipientId: parentId, invoiceNumber: "INV-2026-001" }))
    .id;
});
afterAll(() => t.close());

describe("invoice PDF", () => {
  it("the school's admin downloads a real PDF: school, parent, number, dates, base, fee line, total and status", async () => {
    const response = await download(invoiceId, cookies.admin);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="INV-2026-001.pdf"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    const lines = (await pdfOf(response)).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Maple Grove Primary",
        "12 Maple Street",
        "Chicago, IL 60601",
        "office@maple.example",
        "(312) 555-0100", // stored as +13125550100, shown in the school's national format
        "INV-2026-001",
        "Dana Rivers",
        "dana@example.com",
        "Sunday, March 1, 2026",
        "Monday, March 16, 2026",
        "Spring term bus transport",
        "$50.00",
        "Fee (5%, term-based)",
        "$2.50",
        "Total",
        "$52.50",
        "Pending",
      ]),
    );
    expect(lines).not.toContain("Payment date");
  });

  it("the parent it is addressed to downloads it too", async () => {
    expect(await pdfOf(await download(invoiceId, cookies.parent))).toContain("INV-2026-001");
  });

  it("a paid invoice shows its payment date, in the school's zone", async () => {
    // 03:00 UTC on 5 March is still 4 March in Chicago.
    const paid = await seedInvoice(t.db, {
      schoolId: school.id,
      recipientId: parentId,
      status: "paid",
      paidAt: new Date("2026-03-05T03:00:00Z"),
    });
    const text = await pdfOf(await download(paid.id, cookies.parent));
    expect(text).toContain("Payment date\nWednesday, March 4, 2026");
    expect(text).toContain("Paid online on Wednesday, March 4, 2026");
    expect(text).toContain("Paid");
  });

  it("an invoice paid offline says how, with its reference; a void one says so, with its reason (ADR 0041)", async () => {
    const cheque = await seedInvoice(t.db, {
      schoolId: school.id,
      recipientId: parentId,
      status: "paid",
      paidAt: new Date("2026-03-05T15:00:00Z"),
      paymentMethod: "cheque",
      paymentReference: "004512",
    });
    const paid = await pdfOf(await download(cheque.id, cookies.parent));
    expect(paid).toContain("Paid by cheque on Thursday, March 5, 2026");
    expect(paid).toContain("Reference: 004512");
    const voided = await seedInvoice(t.db, {
      schoolId: school.id,
      recipientId: parentId,
      status: "void",
      voidedAt: new Date("2026-03-06T15:00:00Z"),
      voidReason: "Charged twice by mistake",
    });
    const text = await pdfOf(await download(voided.id, cookies.admin));
    expect(text).toContain("Status: Void");
    expect(text).toContain("Voided on\nFriday, March 6, 2026");
    expect(text).toContain("Reason: Charged twice by mistake");
  });

  it("overdue and refunded invoices say so", async () => {
    const overdue = await seedInvoice(t.db, { schoolId: school.id, recipientId: parentId, status: "overdue" });
    expect(await pdfOf(await download(overdue.id, cookies.admin))).toContain("Status: Overdue");
    const refunded = await seedInvoice(t.db, {
      schoolId: school.id,
      recipientId: parentId,
      status: "refunded",
      paidAt: new Date("2026-03-05T15:00:00Z"),
      refundedAt: new Date("2026-03-09T15:00:00Z"),
    });
    const text = await pdfOf(await download(refunded.id, cookies.admin));
    expect(text).toContain("Status: Refunded");
    expect(text).toContain("Refund date\nMonday, March 9, 2026");
  });

  it("a year-round invoice has no added fee line, and its total is the base", async () => {
    const yearRound = await seedInvoice(t.db, {
      schoolId: school.id,
      recipientId: parentId,
      feeApplicationType: "year_round",
      feeBps: 500,
      baseAmountCents: 12_345,
      feeCents: 0,
      amountCents: 12_345,
    });
    const text = await pdfOf(await download(yearRound.id, cookies.admin));
    expect(text).not.toContain("Fee (");
    expect(text.split("\n").filter((line) => line === "$123.45")).toHaveLength(2);
  });

  it("hostile text in the description and names (emoji, CJK, Arabic, controls, bidi overrides, very long words) does not crash; every script is drawn, an emoji is a ?", async () => {
    const hostileSchool = await createSchool(t.db, { name: "学校 🚌 <b>Ecole</b> Žilina", timeZone: "Asia/Tokyo" });
    const hostileParent = await createUser(t.db, "parent", {
      schoolId: hostileSchool.id,
      name: "山田 太郎 😀\u202e\u0007 Dvořák",
    });
    const admin = await createUser(t.db, "school_admin", { schoolId: hostileSchool.id });
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    const invoice = await seedInvoice(t.db, {
      schoolId: hostileSchool.id,
      recipientId: hostileParent.id,
      description: `🚌\u0007 ${"W".repeat(400)} مرحبا\r\n${"long words ".repeat(300)}`,
    });
    const text = await pdfOf(await download(invoice.id, cookie));
    expect(text).toContain("山田 太郎 ? Dvořák");
    expect(text).toContain("学校 ? <b>Ecole</b> Žilina");
    expect(text).toContain("مرحبا");
    expect(text).toContain("...");
  });

  it("describes fees from the shared arithmetic and draws only what the standard font encodes", () => {
    expect(feeLineLabel("en", { feeBps: 550, feeApplicationType: "term_based" })).toBe("Fee (5.5%, term-based)");
    expect(feeLineLabel("en", { feeBps: 0, feeApplicationType: "term_based" })).toBe("Fee (0%, term-based)");
    expect(feeLineLabel("en", { feeBps: 500, feeApplicationType: "year_round" })).toBeNull();
    expect(feeLineLabel("sv", { feeBps: 550, feeApplicationType: "term_based" })).toBe(
      "Avgift (5,5\u00a0%, per termin)",
    );
    const ascii = new Set(Array.from({ length: 95 }, (_, index) => index + 32));
    expect(toWinAnsi("Ｆｕｌｌ\twidth ř 😀 中 \ud800 \u202eend", ascii)).toBe("Full width r ? ? ? end");
  });
});

describe("the reader's language (issue 30)", () => {
  it("each reader gets the invoice in their own language: the parent's saved choice, the admin's school default", async () => {
    await t.db.update(parents).set({ locale: "es" }).where(eq(parents.id, parentId));
    await t.db.update(schools).set({ defaultLocale: "sv" }).where(eq(schools.id, school.id));
    try {
      const spanish = (await pdfOf(await download(invoiceId, cookies.parent))).split("\n");
      expect(spanish).toEqual(
        expect.arrayContaining([
          "FACTURA",
          "Facturar a",
          "Fecha de vencimiento",
          "lunes, 16 de marzo de 2026",
          "Pendiente",
        ]),
      );
      expect(spanish).not.toContain("Due date");
      // The admin chose no language of their own: the school's default.
      const swedish = (await pdfOf(await download(invoiceId, cookies.admin))).split("\n");
      expect(swedish).toEqual(expect.arrayContaining(["FAKTURA", "Faktureras till", "Totalt", "måndag 16 mars 2026"]));
      expect(swedish.some((line) => /^52,50\s?US\$$/.test(line))).toBe(true);
    } finally {
      await t.db.update(parents).set({ locale: null }).where(eq(parents.id, parentId));
      await t.db.update(schools).set({ defaultLocale: "en" }).where(eq(schools.id, school.id));
    }
  });
});

describe("who may download (AZ2)", () => {
  it("AZ2 another school's admin, another parent (same or other school), a super admin and an unknown id get one identical 404; nothing changes", async () => {
    const before = await t.db.select().from(invoices);
    const answers = [];
    for (const who of ["otherAdmin", "sameSchoolParent", "otherParent", "superAdmin"])
      answers.push(await download(invoiceId, cookies[who]));
    answers.push(await download("00000000-0000-4000-8000-000000000000", cookies.admin));
    answers.push(await download("no-such-invoice", cookies.parent));
    answers.push(await download("x".repeat(500), cookies.admin));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(answer.headers.has("content-disposition")).toBe(false);
      expect(await answer.text()).toBe('{"error":"Not found"}');
    }
    expect(await t.db.select().from(invoices)).toEqual(before);
  });

  it("AZ2 anonymous gets 401, and a cookie naming no session is cleared", async () => {
    const anonymous = await download(invoiceId);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "User not authenticated." });
    const stale = await download(invoiceId, `${cookies.admin!.split("=")[0]}=nosuch.session`);
    expect(stale.status).toBe(401);
    expect(stale.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("LG1 a signed-in user's refused download is written to the audit log", async () => {
    const intruder = await createUser(t.db, "school_admin", { schoolId: (await createSchool(t.db)).id });
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, intruder, t.clock.now());
    expect((await download(invoiceId, cookie)).status).toBe(404);
    const rows = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, "authorization_denied"), eq(auditLogs.userId, intruder.id)));
    expect(rows.map((row) => row.metadata)).toEqual([{ path: "schoolAdmin.invoicePdf", code: "NOT_FOUND" }]);
  });

  it("the subscription gate applies to the school's admins, as for their other reads; not to the parent", async () => {
    await t.db.update(schools).set({ subscriptionStatus: "past_due" }).where(eq(schools.id, school.id));
    try {
      const refused = await download(invoiceId, cookies.admin);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: SUBSCRIPTION_REQUIRED });
      expect((await download(invoiceId, cookies.parent)).status).toBe(200);
    } finally {
      await t.db.update(schools).set({ subscriptionStatus: "active" }).where(eq(schools.id, school.id));
    }
  });

  it("downloads are limited per user (INVOICE_PDF_LIMIT): past it 429 with Retry-After, other users unaffected", async () => {
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    expect((await download(invoiceId, cookie)).status).toBe(200);
    // The rest of the window used up without rendering a hundred PDFs.
    for (let i = 1; i < INVOICE_PDF_LIMIT.max; i++)
      await hitWindow(
        t.db,
        `invoice-pdf:${admin.id}`,
        t.clock.now(),
        INVOICE_PDF_LIMIT.windowMs,
        INVOICE_PDF_LIMIT.max,
      );
    const refused = await download(invoiceId, cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many requests/);
    expect((await download(invoiceId, cookies.admin)).status).toBe(200);
  });

  it("only GET: another method gets the API's 404", async () => {
    const posted = await t.app.request(`http://localhost:8787/api/invoices/${invoiceId}/pdf`, {
      method: "POST",
      headers: { cookie: cookies.admin!, "content-type": "application/json", origin: "http://localhost:8787" },
      body: "{}",
    });
    expect(posted.status).toBe(404);
  });
});
