import { i18n } from "@lingui/core";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, flightTrips, invoices, pendingSchools, schools } from "#db/schema/index.ts";
import { CURRENCY_MESSAGES, currencyForCountry, MINIMUM_CHARGE } from "#shared/currency-settings.ts";
import { FLIGHT_TRIP_MESSAGES } from "#shared/flight-trips.ts";
import { INVOICE_MESSAGES } from "#shared/invoices.ts";
import {
  CURRENCIES,
  type Currency,
  decimalsMessage,
  formatMoney,
  formatStripeAmount,
  isCurrency,
  minorUnits,
  toMajorUnits,
  toMinorUnits,
} from "#shared/money.ts";
import { COUNTRY_OPTIONS } from "#shared/registration.ts";
import { text } from "#worker/i18n/texts.ts";
import { PAYMENT_REFUSALS } from "#worker/services/refusal-texts.ts";
import { stripeEvent } from "#worker/stripe/events.ts";
import { loadObject } from "#worker/stripe/simulator.ts";
import type { SimAccount } from "#worker/stripe/simulator-connect.ts";
import { invoiceCollection, tableCsv } from "../../web/src/pages/school-admin/reports/report-tables.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { tripForm } from "../support/flight-trips-admin.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { postStripeEvent } from "../support/http.ts";
import { pdfText } from "../support/invoice-documents.ts";
import { checkoutSessionOf } from "../support/stripe-checkout.ts";

/**
 * A school's currency (ADR 0077): amounts in its minor units (none for JPY), formatted through
 * Intl, set from the country, editable until the first invoice or priced trip, following the Stripe
 * account, charged in it by Checkout.
 */

describe("money in a currency", () => {
  // The reports' CSV headings are Lingui descriptors (ADR 0078): read in English, the source language.
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: {} }));

  it("each currency's minor units are Intl's own (JPY none; USD, EUR, SEK two)", () => {
    for (const currency of CURRENCIES) {
      const digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits;
      expect(minorUnits(currency), currency).toBe(digits);
    }
    expect([minorUnits("JPY"), minorUnits("SEK"), minorUnits("EUR"), minorUnits("USD")]).toEqual([0, 2, 2, 2]);
  });

  it("three-decimal and unknown currencies are refused (KWD, BHD, XXX, lowercase)", () => {
    for (const code of ["KWD", "BHD", "XXX", "usd", "", null]) expect(isCurrency(code)).toBe(false);
  });

  it("formats through Intl: ¥1,500 from 1500, SEK 12.50 from 1250, €9.99, $19.99", () => {
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(formatMoney(1250, "SEK")).toBe("SEK\u00a012.50");
    expect(formatMoney(999, "EUR")).toBe("€9.99");
    expect(formatMoney(1999, "USD")).toBe("$19.99");
    // The reader's locale, when the i18n work passes one.
    expect(formatMoney(1250, "SEK", "sv-SE")).toBe("12,50\u00a0kr");
    expect(formatStripeAmount(150_000, "jpy")).toBe("¥150,000");
    expect(formatStripeAmount(19_900, "usd")).toBe("$199.00");
  });

  it("typed amounts to minor units: 1500 yen is 1500, never 150000; decimals beyond the currency's are refused", () => {
    expect(toMinorUnits(1500, "JPY")).toBe(1500);
    expect(toMinorUnits(1500.5, "JPY")).toBeNull();
    expect(toMinorUnits(12.5, "SEK")).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, "EUR")).toBe(30);
    expect(toMinorUnits(12.345, "USD")).toBeNull();
    expect(toMajorUnits(1500, "JPY")).toBe(1500);
    expect(toMajorUnits(1250, "SEK")).toBe(12.5);
    expect(decimalsMessage("JPY")).toBe("JPY amounts have no decimals: enter a whole number");
    expect(MINIMUM_CHARGE.JPY).toBe(50);
  });

  it("the registration form's countries each set a currency: Sweden SEK, euro countries EUR, Japan JPY, US USD", () => {
    expect(currencyForCountry("Sweden")).toBe("SEK");
    expect(currencyForCountry("Germany")).toBe("EUR");
    expect(currencyForCountry("Ireland")).toBe("EUR");
    expect(currencyForCountry("Japan")).toBe("JPY");
    expect(currencyForCountry("United States")).toBe("USD");
    expect(currencyForCountry("Other")).toBe("USD");
    expect(currencyForCountry(null)).toBe("USD");
    for (const country of COUNTRY_OPTIONS.filter((name) => name !== "Other"))
      expect(currencyForCountry(country) !== "USD" || country === "United States", country).toBe(true);
  });

  it("the CSV's money columns name the currency and carry its decimals", () => {
    const month = {
      month: "2026-03",
      issued: 1,
      issuedCents: 1500,
      paid: 1,
      paidCents: 1500,
      pending: 0,
      pendingCents: 0,
      overdue: 0,
      overdueCents: 0,
      refunded: 0,
      refundedCents: 0,
    };
    const [yenHeader, yenLine] = tableCsv(invoiceCollection("JPY"), [month]).split("\r\n");
    expect(yenHeader).toContain('"Issued (JPY)"');
    expect(yenLine).toBe('"2026-03","1500","1500","0","0","0","100"');
    const [, kronaLine] = tableCsv(invoiceCollection("SEK"), [month]).split("\r\n");
    expect(kronaLine).toBe('"2026-03","15.00","15.00","0.00","0.00","0.00","100"');
  });
});

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function schoolIn(currency: Currency, overrides: Partial<typeof schools.$inferInsert> = {}) {
  const school = await createSchool(t.db, { currency, platformFeeBps: 500, ...overrides });
  const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  return { school, admin, parent };
}

const invoiceForm = (recipientId: string, baseAmount: number) => ({
  recipientId,
  description: "Bus transport — spring term",
  baseAmount,
  issueDate: "2026-03-02",
  dueDate: "2026-03-17",
});
const settings = { feePercentage: 5, feeApplicationType: "term_based" as const };

describe("amounts of a JPY and a SEK school", () => {
  it("JPY: 1500 typed is 1500 stored, a decimal is refused with a clear message, Checkout charges yen", async () => {
    const { school, admin, parent } = await schoolIn("JPY");
    const api = await callerFor(t, admin);
    expect(await failure(api.schoolAdmin.invoices.create(invoiceForm(parent.id, 1500.5)))).toEqual({
      code: "BAD_REQUEST",
      message: decimalsMessage("JPY"),
    });
    await api.schoolAdmin.invoices.create(invoiceForm(parent.id, 1500));
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.schoolId, school.id));
    // 5 % of ¥1,500 is ¥75: whole yen.
    expect(invoice).toMatchObject({ baseAmountCents: 1500, feeCents: 75, amountCents: 1575 });
    const { url } = await (await callerFor(t, parent)).parent.payments.startInvoiceCheckout({ invoiceId: invoice!.id });
    const session = await checkoutSessionOf(t, url);
    expect(session).toMatchObject({ currency: "jpy", amount_total: 1575 });
    // The platform's 5 % in the same minor units: ¥78.75 → ¥79.
    expect(session.payment_intent_data.application_fee_amount).toBe(79);
  });

  it("JPY: below Stripe's ¥50 minimum is refused in yen", async () => {
    const { school, parent } = await schoolIn("JPY");
    const [invoice] = await t.db
      .insert(invoices)
      .values({
        schoolId: school.id,
        recipientId: parent.id,
        invoiceNumber: "INV-2026-001",
        description: "Tiny",
        baseAmountCents: 40,
        feeCents: 0,
        amountCents: 40,
        feeBps: 0,
        issueDate: "2026-03-01",
        dueDate: "2026-03-16",
      })
      .returning();
    const payment = (await callerFor(t, parent)).parent.payments.startInvoiceCheckout({ invoiceId: invoice!.id });
    expect((await failure(payment)).message).toBe(
      "Amounts under ¥50 cannot be paid online. Please contact the school.",
    );
  });

  it("SEK: 12.50 typed is 1250 öre, Checkout charges kronor with the fee in öre; the PDF names SEK", async () => {
    const { school, admin, parent } = await schoolIn("SEK");
    await (await callerFor(t, admin)).schoolAdmin.invoices.create(invoiceForm(parent.id, 12.5));
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.schoolId, school.id));
    expect(invoice).toMatchObject({ baseAmountCents: 1250, feeCents: 63, amountCents: 1313 });
    const { url } = await (await callerFor(t, parent)).parent.payments.startInvoiceCheckout({ invoiceId: invoice!.id });
    const session = await checkoutSessionOf(t, url);
    expect(session).toMatchObject({ currency: "sek", amount_total: 1313 });
    expect(session.payment_intent_data.application_fee_amount).toBe(66);

    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    const response = await t.app.request(`http://localhost:8787/api/invoices/${invoice!.id}/pdf`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const lines = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(lines).toEqual(expect.arrayContaining(["Amount (SEK)", "SEK 12.50", "SEK 0.63", "SEK 13.13"]));
  });

  it("JPY field trip: costs in whole yen, a decimal cost is refused, the ceiling is said in yen", async () => {
    const { school, admin } = await schoolIn("JPY");
    const api = await callerFor(t, admin);
    const refused = await failure(
      api.schoolAdmin.flightTrips.create({ trip: tripForm({ costPerStudent: 45_000.5, deposit: null }) }),
    );
    expect(refused).toEqual({ code: "BAD_REQUEST", message: decimalsMessage("JPY") });
    const tooDear = await failure(
      api.schoolAdmin.flightTrips.create({ trip: tripForm({ costPerStudent: 20_000_000, deposit: null }) }),
    );
    expect(tooDear.message).toBe(FLIGHT_TRIP_MESSAGES.costTooLarge(10_000_000, "JPY"));
    await api.schoolAdmin.flightTrips.create({ trip: tripForm({ costPerStudent: 45_000, deposit: 10_000 }) });
    const [trip] = await t.db.select().from(flightTrips).where(eq(flightTrips.schoolId, school.id));
    expect(trip).toMatchObject({ costPerStudentCents: 45_000, depositCents: 10_000 });
  });

  it("a USD school keeps its messages: 2 decimals, the ceiling in dollars", async () => {
    const { admin, parent } = await schoolIn("USD");
    const api = await callerFor(t, admin);
    expect((await failure(api.schoolAdmin.invoices.create(invoiceForm(parent.id, 2_000_000)))).message).toBe(
      INVOICE_MESSAGES.amountTooLarge(100_000_000, "USD"),
    );
  });
});

describe("the currency setting (editable until the first invoice or priced field trip)", () => {
  it("the session and the settings carry the currency; the admin changes it while nothing is priced", async () => {
    const { admin, parent } = await schoolIn("USD");
    const api = await callerFor(t, admin);
    expect(await api.schoolAdmin.paymentSettings.get()).toMatchObject({
      currency: "USD",
      currencyEditable: true,
      connectCurrency: null,
    });
    await api.schoolAdmin.paymentSettings.update({ ...settings, currency: "SEK" });
    expect(await (await callerFor(t, parent)).auth.me()).toMatchObject({ currency: "SEK" });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "school.currency_changed"));
    expect(audit.map((row) => row.metadata)).toEqual([{ old: "USD", new: "SEK" }]);
    // A free trip prices nothing: still editable.
    await api.schoolAdmin.flightTrips.create({ trip: tripForm({ costPerStudent: 0, deposit: null }) });
    await api.schoolAdmin.paymentSettings.update({ ...settings, currency: "EUR" });
    expect((await api.schoolAdmin.paymentSettings.get()).currency).toBe("EUR");
  });

  it("after the first invoice a change is refused with a clear message and nothing changes", async () => {
    const { school, admin, parent } = await schoolIn("SEK");
    const api = await callerFor(t, admin);
    await api.schoolAdmin.invoices.create(invoiceForm(parent.id, 100));
    expect(await api.schoolAdmin.paymentSettings.get()).toMatchObject({ currency: "SEK", currencyEditable: false });
    expect(await failure(api.schoolAdmin.paymentSettings.update({ ...settings, currency: "EUR" }))).toEqual({
      code: "CONFLICT",
      message: text("en", PAYMENT_REFUSALS.currencyLocked("SEK")),
    });
    // The same currency with the fee rule saves.
    await api.schoolAdmin.paymentSettings.update({ ...settings, feePercentage: 6, currency: "SEK" });
    const [row] = await t.db.select().from(schools).where(eq(schools.id, school.id));
    expect(row!.currency).toBe("SEK");
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "school.currency_changed"))).toBe(0);
  });

  it("a priced field trip locks it too", async () => {
    const { admin } = await schoolIn("EUR");
    const api = await callerFor(t, admin);
    await api.schoolAdmin.flightTrips.create({ trip: tripForm() });
    expect((await failure(api.schoolAdmin.paymentSettings.update({ ...settings, currency: "USD" }))).message).toBe(
      text("en", PAYMENT_REFUSALS.currencyLocked("EUR")),
    );
  });

  it("a currency outside the list (KWD) is refused by the input", async () => {
    const { admin } = await schoolIn("USD");
    const api = await callerFor(t, admin);
    const refused = await failure(api.schoolAdmin.paymentSettings.update({ ...settings, currency: "KWD" as never }));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toContain(CURRENCY_MESSAGES.unsupported);
  });

  it("an approved registration from Sweden makes a SEK school", async () => {
    const superAdmin = await createUser(t.db, "super_admin");
    const [pending] = await t.db
      .insert(pendingSchools)
      .values({
        schoolName: "Lindö skola",
        schoolType: "primary",
        schoolAddress: "Skolvägen 1",
        schoolCity: "Norrköping",
        schoolState: "Östergötland",
        schoolZipCode: "602 10",
        schoolCountry: "Sweden",
        adminFullName: "Astrid Lind",
        adminRole: "Principal",
        adminEmail: "astrid@lindo.example",
        pupilCount: 120,
        busCount: 2,
        intendedStartDate: "2026-08-20",
        plan: "starter",
        timeZone: "Europe/Stockholm",
        verificationStatus: "payment_successful",
        paymentStatus: "paid",
      })
      .returning();
    await (await callerFor(t, superAdmin)).superAdmin.registrations.approve({ pendingSchoolId: pending!.id });
    const [row] = await t.db.select().from(schools).where(eq(schools.pendingSchoolId, pending!.id));
    expect(row!.currency).toBe("SEK");
  });

  it("a new school takes its country's currency (super admin's Create School)", async () => {
    const superAdmin = await createUser(t.db, "super_admin");
    const api = await callerFor(t, superAdmin);
    const { id } = await api.superAdmin.schools.create({
      name: "Lindö skola",
      email: "office@lindo.example",
      country: "Sweden",
      timeZone: "Europe/Stockholm",
    } as never);
    const [row] = await t.db.select().from(schools).where(eq(schools.id, id));
    expect(row!.currency).toBe("SEK");
  });
});

describe("the Stripe account's currency (ADR 0077)", () => {
  const accountUpdated = (account: string, currency: string) =>
    stripeEvent(
      "account.updated",
      {
        id: account,
        object: "account",
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { currently_due: [] },
        default_currency: currency,
      },
      t.clock.now(),
      account,
    );

  it("while editable the school's currency follows the account; then the settings refuse another", async () => {
    const { school, admin } = await schoolIn("USD", { stripeConnectAccountId: "acct_currency_eur" });
    expect((await postStripeEvent(t, accountUpdated("acct_currency_eur", "eur"))).status).toBe(200);
    const [row] = await t.db.select().from(schools).where(eq(schools.id, school.id));
    expect(row).toMatchObject({ currency: "EUR", connectCurrency: "EUR" });
    const api = await callerFor(t, admin);
    expect(await failure(api.schoolAdmin.paymentSettings.update({ ...settings, currency: "SEK" }))).toEqual({
      code: "CONFLICT",
      message: text("en", PAYMENT_REFUSALS.currencyConnectMismatch("EUR")),
    });
  });

  it("once locked the school keeps its currency and the mismatch is audited once", async () => {
    const { school, admin, parent } = await schoolIn("SEK", { stripeConnectAccountId: "acct_currency_locked" });
    await (await callerFor(t, admin)).schoolAdmin.invoices.create(invoiceForm(parent.id, 100));
    for (const _ of [1, 2]) {
      t.clock.advance(1000);
      expect((await postStripeEvent(t, accountUpdated("acct_currency_locked", "eur"))).status).toBe(200);
    }
    const [row] = await t.db.select().from(schools).where(eq(schools.id, school.id));
    expect(row).toMatchObject({ currency: "SEK", connectCurrency: "EUR" });
    const mismatch = and(eq(auditLogs.eventType, "connect_currency_mismatch"), eq(auditLogs.schoolId, school.id));
    expect(await t.db.$count(auditLogs, mismatch)).toBe(1);
  });

  it("Connect onboarding creates the account in the school's currency", async () => {
    const { admin } = await schoolIn("JPY", {
      stripeConnectAccountId: null,
      connectDetailsSubmitted: false,
      connectChargesEnabled: false,
      connectPayoutsEnabled: false,
    });
    await (await callerFor(t, admin)).schoolAdmin.connect.startOnboarding();
    const [row] = await t.db.select().from(schools).where(eq(schools.id, admin.schoolId!));
    const account = await loadObject<SimAccount>(t.db, row!.stripeConnectAccountId!);
    expect(account!.default_currency).toBe("jpy");
  });
});
