import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "#shared/locales.ts";
import { emailDay, emailInstant, emailMoney } from "#worker/email/format.ts";
import { invoiceCreatedEmail, parentInvitationEmail, verificationCodeEmail } from "#worker/email/templates.ts";
import { i18nFor } from "#worker/i18n/texts.ts";

const ROOT = join(import.meta.dirname, "../..");

const invoice = (locale: (typeof LOCALES)[number]) =>
  invoiceCreatedEmail({
    locale,
    schoolName: "Maple School",
    parentName: "Pat",
    description: "Bus pass — March",
    amount: emailMoney(locale, 12_550, "EUR"),
    dueDate: emailDay(locale, "2026-03-08"),
    link: "https://app.example/parent/invoices",
  });

describe("e-mails in the recipient's language", () => {
  it("English stays exactly as it was", () => {
    const mail = invoice("en");
    expect(mail.subject).toBe("Maple School: new invoice of €125.50, due Sunday, March 8, 2026");
    expect(mail.text).toContain("Hello Pat, Maple School has sent you an invoice.");
    expect(mail.text).toContain("View and pay your invoice: https://app.example/parent/invoices");
    expect(mail.text.endsWith("— SchoolRide")).toBe(true);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain("Or open this link:");
  });

  it("Spanish: subject, lines, date and money in Spanish", () => {
    const mail = invoice("es");
    const amount = emailMoney("es", 12_550, "EUR");
    expect(amount.replace(/\s/gu, " ")).toBe("125,50 €");
    expect(mail.subject).toBe(`Maple School: nueva factura de ${amount}, vence el domingo, 8 de marzo de 2026`);
    expect(mail.text).toContain("Hola, Pat, Maple School le envió una factura.");
    expect(mail.text).toContain("Fecha de vencimiento: domingo, 8 de marzo de 2026");
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    // The school's own words stay as written.
    expect(mail.text).toContain("Bus pass — March");
  });

  it("Arabic: right to left, Arabic texts and numbers as Arabic readers read them", () => {
    const mail = invoice("ar");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.subject).toContain("Maple School: فاتورة جديدة بمبلغ");
    expect(mail.text).toContain("مرحبًا Pat، أرسلت إليك Maple School فاتورة.");
    expect(mail.text).toContain(`تاريخ الاستحقاق: ${emailDay("ar", "2026-03-08")}`);
    expect(emailDay("ar", "2026-03-08")).toBe(
      new Intl.DateTimeFormat("ar", { dateStyle: "full", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 2, 8, 12))),
    );
  });

  it("every language has its own subject and heading, with the values filled in", () => {
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      const mail = verificationCodeEmail({
        locale,
        schoolName: "Maple School",
        code: "123456",
        expiresInMinutes: 15,
        resumeLink: "https://app.example/get-started?resume=x",
        resumeDays: 7,
      });
      expect(mail.subject).toContain("123456");
      expect(mail.text).toContain("Maple School");
      expect(mail.text).not.toMatch(/\{\w+\}/);
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(LOCALES.length);
  });

  it("dates are in the school's zone and the recipient's language", () => {
    const expiresAt = new Date("2026-03-04T23:30:00Z");
    const mail = parentInvitationEmail({
      locale: "sv",
      timeZone: "Europe/Stockholm",
      name: "Kim",
      schoolName: "Maple School",
      acceptLink: "https://app.example/accept",
      expiresAt,
    });
    expect(mail.text).toContain(emailInstant("sv", expiresAt, "Europe/Stockholm"));
    expect(emailInstant("sv", expiresAt, "Europe/Stockholm")).toContain("5 mars 2026");
    expect(mail.subject).toBe("Maple School bjuder in dig till SchoolRide");
  });
});

describe("the server's compiled catalogs", () => {
  const ids = [...readFileSync(join(ROOT, "worker/locales/server/en.po"), "utf8").matchAll(/^msgid "(.+)"$/gm)].map(
    (match) => match[1]!,
  );

  it("every id of en.po is translated in every compiled language", () => {
    expect(ids.length).toBeGreaterThan(100);
    for (const locale of LOCALES) {
      const messages = i18nFor(locale).messages;
      const missing = ids.filter((id) => !(id in messages));
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
    for (const locale of LOCALES.filter((locale) => locale !== "en")) {
      const po = readFileSync(join(ROOT, `worker/locales/server/${locale}.po`), "utf8");
      expect({ locale, untranslated: po.match(/^msgstr ""$/gm)?.length ?? 0 }).toEqual({ locale, untranslated: 1 });
    }
  });

  it("the compiled modules are those the .po files compile to", () => {
    const dir = mkdtempSync(join(tmpdir(), "server-catalogs-"));
    for (const file of ["lingui.config.ts", "lingui.server.config.ts", "package.json", "tsconfig.json"])
      cpSync(join(ROOT, file), join(dir, file));
    cpSync(join(ROOT, "worker/locales"), join(dir, "worker/locales"), { recursive: true });
    cpSync(join(ROOT, "worker/shared/locales.ts"), join(dir, "worker/shared/locales.ts"));
    execFileSync(join(ROOT, "node_modules/.bin/lingui"), ["compile", "--config", "lingui.server.config.ts"], {
      cwd: dir,
      stdio: "pipe",
      env: { ...process.env, NODE_PATH: join(ROOT, "node_modules") },
    });
    for (const locale of LOCALES) {
      const path = `worker/locales/server/${locale}.ts`;
      expect(readFileSync(join(dir, path), "utf8"), path).toBe(readFileSync(join(ROOT, path), "utf8"));
    }
  }, 60_000);
});
