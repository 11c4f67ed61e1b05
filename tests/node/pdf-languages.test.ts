import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "#shared/locales.ts";
import { text } from "#worker/i18n/texts.ts";
import { PDF_FONTS_PATH, pdfFontFilesFromAssets } from "#worker/services/_shared/pdf-fonts.ts";
import type { InvoiceDocument } from "#worker/services/invoices/document.ts";
import { INVOICE_PDF_TEXTS, renderInvoicePdf } from "#worker/services/invoices/pdf.ts";
import type { RouteSheet } from "#worker/services/routes/sheet.ts";
import { ROUTE_SHEET_TEXTS, renderRouteSheetPdf } from "#worker/services/routes/sheet-pdf.ts";
import { pdfFontAssets } from "../support/pdf-fonts.ts";
import { type PdfSpan, pdfFontNames, pdfSpans } from "../support/pdf-read.ts";

/**
 * Issue 30 and ADR 0079: the invoice and the route sheet in each of our languages, from fixed data,
 * with names in Latin (Vietnamese), Arabic and Chinese script. Each document's lines (their
 * ActualText) are kept as a file snapshot per language; the labels must be the language's own
 * (never English), and every glyph drawn must be a real one (no "?", no tofu, no empty outline)
 * standing for exactly the characters of its line.
 */

const fonts = pdfFontFilesFromAssets(pdfFontAssets());
const GENERATED = new Date("2026-03-10T12:00:00Z");

const INVOICE: InvoiceDocument = {
  invoiceNumber: "INV-2026-042",
  description: "Xe buýt học kỳ xuân — 春季校车 — النقل المدرسي للفصل الربيعي",
  baseAmountCents: 123_450,
  feeCents: 6_173,
  amountCents: 129_623,
  feeBps: 500,
  feeApplicationType: "term_based",
  issueDate: "2026-03-01",
  dueDate: "2026-03-16",
  status: "paid",
  // 03:00 UTC on 5 March is still 4 March in Chicago.
  paidAt: new Date("2026-03-05T03:00:00Z"),
  paymentMethod: "cheque",
  paymentReference: "004512",
  refundedAt: null,
  voidedAt: null,
  voidReason: null,
  school: {
    name: "Trường Tiểu học Hòa Bình",
    email: "office@hoabinh.example",
    phone: "(312) 555-0100",
    address: "12 Maple Street",
    city: "Chicago",
    state: "IL",
    zipCode: "60601",
    timeZone: "America/Chicago",
    currency: "USD",
  },
  parent: { name: "فاطمة الزهراء", email: "fatima@example.com" },
};

const SHEET: RouteSheet = {
  schoolName: "Trường Tiểu học Hòa Bình",
  date: "2026-03-04",
  route: { name: "North loop", direction: "pickup", driverName: "Nguyễn Văn An", bus: { number: "12", seats: 40 } },
  notice: null,
  stops: [
    {
      name: "Oak & 5th",
      time: "07:30",
      riders: [
        { name: "王小明", grade: "4th Grade", specialNeeds: null, allergyInfo: "花生 (peanuts)" },
        { name: "محمد علي", grade: "Kindergarten", specialNeeds: "يجلس في المقعد الأمامي", allergyInfo: null },
      ],
    },
    { name: "Library", time: "14:05", riders: [] },
  ],
};

/**
 * The characters glyphs can be checked against, as a set: no spaces, brackets turned for
 * right-to-left text counted as their pair, accents apart (a font may draw "ờ" as "ơ" and a mark),
 * and no Arabic (its fonts draw letters as a skeleton and dots, whose glyphs do not map back to
 * one letter each).
 */
const comparable = (value: string) =>
  [
    ...new Set(
      value
        .normalize("NFD")
        .replace(/[\p{M}\s\ufffd]|\p{Script=Arabic}/gu, "")
        .replace(/[)]/g, "(")
        .replace(/[\]]/g, "["),
    ),
  ]
    .sort()
    .join("");

/** Every line drawn with real glyphs: no "?" for a character (but in `questions`, the one line that asks one), no tofu, no empty outline. */
function expectRealGlyphs(spans: PdfSpan[], questions?: string) {
  for (const span of spans) {
    if (span.text !== questions) expect(span.text, "no character was drawn as ?").not.toMatch(/\?/);
    expect(span.notdef, `no tofu in "${span.text}"`).toBe(0);
    expect(span.blankGlyphs, `every glyph of "${span.text}" has its outline`).toBe(0);
    // A glyph stands for characters of its line (fontkit maps a glyph made by a font's substitutions,
    // such as a decomposed "ọ", to fewer characters or none: no glyph may stand for others).
    const characters = comparable(span.text);
    for (const character of comparable(span.glyphs.join("")))
      expect(characters, `the glyphs of "${span.text}" are its characters`).toContain(character);
    // An Arabic line draws at least a glyph per letter.
    const arabic = span.text.match(/\p{Script=Arabic}/gu)?.length ?? 0;
    expect(span.glyphs.filter((glyph) => !/^[\x20-\x7e]$/.test(glyph)).length).toBeGreaterThanOrEqual(arabic);
  }
}

/** The labels whose words differ from English in every language: a fallback to English shows. */
const INVOICE_LABELS = ["title", "billTo", "issueDate", "dueDate", "paymentDate", "description"] as const;

describe.each(LOCALES)("the PDFs in %s", (locale: Locale) => {
  it("the invoice: labels in the language, every script drawn, the same text as its snapshot", async () => {
    const spans = await pdfSpans(await renderInvoicePdf(INVOICE, GENERATED, { locale, fonts }));
    const lines = spans.map((span) => span.text);
    for (const label of INVOICE_LABELS) {
      const translated = text(locale, INVOICE_PDF_TEXTS[label]);
      if (locale !== "en") expect(translated).not.toBe(INVOICE_PDF_TEXTS[label].message);
      expect(lines).toContain(translated);
    }
    for (const name of ["فاطمة الزهراء", "Trường Tiểu học Hòa Bình", "INV-2026-042"]) expect(lines).toContain(name);
    expect(lines.join("\n")).toContain("春季校车");
    const questions = text(locale, INVOICE_PDF_TEXTS.questions, {
      school: INVOICE.school.name,
      email: INVOICE.school.email,
    });
    expect(lines).toContain(questions);
    expectRealGlyphs(spans, questions);
    // Right to left in Arabic: the school's name ends at the right margin instead of starting at the left one.
    const schoolName = spans.find((span) => span.text === INVOICE.school.name)!;
    if (locale === "ar") expect(schoolName.x).toBeGreaterThan(300);
    else expect(schoolName.x).toBe(56);
    await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot(`__snapshots__/pdf-languages/invoice.${locale}.txt`);
  });

  it("the route sheet: labels in the language, every script drawn, the same text as its snapshot", async () => {
    const spans = await pdfSpans(await renderRouteSheetPdf(SHEET, GENERATED, { locale, fonts }));
    const lines = spans.map((span) => span.text);
    for (const label of ["heading", "noRiders"] as const) {
      const translated = text(locale, ROUTE_SHEET_TEXTS[label]);
      if (locale !== "en") expect(translated).not.toBe(ROUTE_SHEET_TEXTS[label].message);
      expect(lines).toContain(translated);
    }
    expect(lines).toContain(text(locale, ROUTE_SHEET_TEXTS.driver, { name: "Nguyễn Văn An" }));
    if (locale !== "en") expect(lines).not.toContain("Driver: Nguyễn Văn An");
    const text_ = lines.join("\n");
    for (const name of ["王小明", "محمد علي", "يجلس في المقعد الأمامي"]) expect(text_).toContain(name);
    expectRealGlyphs(spans);
    await expect(`${text_}\n`).toMatchFileSnapshot(`__snapshots__/pdf-languages/route-sheet.${locale}.txt`);
  });
});

describe("fonts", () => {
  it("a Latin-only English invoice keeps the standard fonts: no font file is read or embedded", async () => {
    const read: string[] = [];
    const latin = { ...INVOICE, description: "Spring term", school: { ...INVOICE.school, name: "Maple Grove" } };
    const bytes = await renderInvoicePdf(
      { ...latin, parent: { name: "Dana Rivers", email: "dana@example.com" } },
      GENERATED,
      {
        locale: "en",
        fonts: async (file) => {
          read.push(file);
          return null;
        },
      },
    );
    expect(read).toEqual([]);
    expect(await pdfFontNames(bytes)).toEqual(["Helvetica", "Helvetica-Bold"]);
  });

  it("a Vietnamese invoice reads the Latin font only, and embeds a subset (a small file)", async () => {
    const read: string[] = [];
    const bytes = await renderInvoicePdf(
      { ...INVOICE, description: "Xe buýt học kỳ xuân", parent: { name: "Trần Thị Mai", email: "mai@example.com" } },
      GENERATED,
      {
        locale: "vi",
        fonts: async (file) => {
          read.push(file);
          return fonts(file);
        },
      },
    );
    expect(read.sort()).toEqual(["NotoSans-Bold.ttf", "NotoSans-Regular.ttf"]);
    expect((await pdfFontNames(bytes)).map((name) => name.replace(/-\d+$/, ""))).toEqual([
      "NotoSans-Bold",
      "NotoSans-Regular",
    ]);
    expect(bytes.length).toBeLessThan(60_000);
  });

  it("reads a font from the app's assets at /pdf-fonts/; the SPA's page for a missing file, or a failed fetch, is no font (and is asked again)", async () => {
    const asked: string[] = [];
    let failing = true;
    const files = pdfFontFilesFromAssets(async (request) => {
      const { pathname } = new URL(request.url);
      asked.push(pathname);
      if (pathname.endsWith("NotoSans-Bold.ttf")) return pdfFontAssets()(request);
      if (failing) throw new Error("assets unreachable");
      return new Response("<!doctype html><title>SchoolRide</title>", { headers: { "Content-Type": "text/html" } });
    });
    expect((await files("NotoSans-Bold.ttf"))?.length).toBeGreaterThan(100_000);
    expect(await files("Unknown.ttf")).toBeNull();
    failing = false;
    expect(await files("Unknown.ttf")).toBeNull();
    // Bytes are kept per isolate (the Latin font may have been read by an earlier document); a miss is not.
    expect(asked.filter((path) => path === `${PDF_FONTS_PATH}Unknown.ttf`)).toHaveLength(2);
  });

  it("without the fonts' files (assets unreadable) a document still renders, with the standard fonts", async () => {
    const lines = (
      await pdfSpans(await renderInvoicePdf(INVOICE, GENERATED, { locale: "ar", fonts: async () => null }))
    ).map((span) => span.text);
    expect(lines).toContain("INV-2026-042");
    expect(lines).toContain("?????");
  });
});

describe("hostile text", () => {
  it("lone surrogates, NUL, controls, bidi overrides and a megabyte of text render without throwing, cut and cleaned", async () => {
    const huge = `${"مرحبا 王 ".repeat(80_000)}\ud800`;
    const hostile: InvoiceDocument = {
      ...INVOICE,
      invoiceNumber: "INV\u0000\u202e-1",
      description: huge,
      voidReason: `\u202eevil\u202c \udfff ${"x".repeat(1_000_000)}`,
      status: "void",
      school: { ...INVOICE.school, name: `\u2067${"ש".repeat(1_000)}\u2069 \ud83d`, email: "\u0000@\u0007" },
      parent: { name: "\u202dعلي\u202c\u200f \u0000 Zoë", email: huge },
    };
    const started = performance.now();
    const lines = (await pdfSpans(await renderInvoicePdf(hostile, GENERATED, { locale: "ar", fonts }))).map(
      (span) => span.text,
    );
    expect(performance.now() - started).toBeLessThan(20_000);
    const all = lines.join("\n");
    for (const line of lines) expect(line).not.toMatch(/\p{Cc}|[\u202a-\u202e\u2066-\u2069]/u);
    expect(all).not.toMatch(/\p{Cs}/u);
    expect(lines).toContain("INV -1");
    expect(all).toContain("علي Zoë");
    expect(lines.every((line) => line.length < 1_000)).toBe(true);
    expect(all).toContain("...");

    const sheet = await renderRouteSheetPdf(
      {
        ...SHEET,
        route: { ...SHEET.route, name: `\u202e${huge}`, driverName: "\ud800\u0000" },
        notice: { kind: "noService", reason: huge },
        stops: [
          { name: huge, time: "07:30", riders: [{ name: huge, grade: huge, specialNeeds: huge, allergyInfo: huge }] },
        ],
      },
      GENERATED,
      { locale: "zh", fonts },
    );
    expect((await pdfSpans(sheet)).length).toBeGreaterThan(5);
  });
});
