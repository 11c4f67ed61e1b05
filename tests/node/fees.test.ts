import { describe, expect, it } from "vitest";
import { applicationFeeCents, dollarsToCents, invoiceAmounts, percentOfCents, percentToBps } from "#shared/fees.ts";
import { createInvoiceInput, hasStep, withInvoiceAmountIn } from "#shared/invoices.ts";
import { updatePaymentSettingsInput } from "#shared/payment-settings.ts";

describe("fee arithmetic in integer cents (half-up)", () => {
  it("term_based adds the percentage on top; year_round leaves the total at the base", () => {
    expect(invoiceAmounts(24_000, 500, "term_based")).toEqual({
      baseAmountCents: 24_000,
      feeCents: 1_200,
      amountCents: 25_200,
    });
    expect(invoiceAmounts(24_000, 500, "year_round")).toEqual({
      baseAmountCents: 24_000,
      feeCents: 0,
      amountCents: 24_000,
    });
  });

  it("rounds half a cent up, and just below half down", () => {
    // 5 % of 10 cents = 0.5 cent → 1; 5 % of 9 cents = 0.45 → 0; 2.5 % of 1,001 cents = 25.025 → 25.
    expect(percentOfCents(10, 500)).toBe(1);
    expect(percentOfCents(9, 500)).toBe(0);
    expect(percentOfCents(1_001, 250)).toBe(25);
    // 7.5 % of 1,234 cents = 92.55 → 93 (not banker's rounding to an even cent either).
    expect(percentOfCents(1_234, 750)).toBe(93);
    expect(invoiceAmounts(30, 500, "term_based")).toEqual({ baseAmountCents: 30, feeCents: 2, amountCents: 32 });
  });

  it("0 % adds nothing and 100 % doubles, in both modes", () => {
    expect(invoiceAmounts(12_345, 0, "term_based").amountCents).toBe(12_345);
    expect(invoiceAmounts(12_345, 10_000, "term_based").amountCents).toBe(24_690);
    expect(invoiceAmounts(12_345, 10_000, "year_round").amountCents).toBe(12_345);
    expect(invoiceAmounts(0, 10_000, "term_based").amountCents).toBe(0);
  });

  it("moves in 0.1 % steps: each step of 10 basis points changes the fee of $1,000 by exactly $1", () => {
    for (let bps = 0; bps <= 10_000; bps += 10) expect(percentOfCents(100_000, bps)).toBe(bps * 10);
    expect(percentToBps(5.5)).toBe(550);
    expect(percentToBps(0.1)).toBe(10);
    expect(percentToBps(99.9)).toBe(9_990);
    expect(percentToBps(33.3)).toBe(3_330);
  });

  it("stays exact for the largest invoice the form accepts", () => {
    // $1,000,000.00 at 99.9 %: 99,900,000 cents of fee, no floating point drift.
    expect(invoiceAmounts(100_000_000, 9_990, "term_based")).toEqual({
      baseAmountCents: 100_000_000,
      feeCents: 99_900_000,
      amountCents: 199_900_000,
    });
    expect(percentOfCents(99_999_999, 10)).toBe(100_000);
    expect(applicationFeeCents(199_900_000, 500)).toBe(9_995_000);
  });

  it("turns typed dollars into cents without float errors", () => {
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1.01)).toBe(101);
    expect(dollarsToCents(4.35)).toBe(435);
    expect(dollarsToCents(999_999.99)).toBe(99_999_999);
  });

  it("refuses negative amounts and basis points", () => {
    expect(() => percentOfCents(-1, 500)).toThrow(RangeError);
    expect(() => percentOfCents(100, -5)).toThrow(RangeError);
    expect(() => percentOfCents(1.5, 500)).toThrow(RangeError);
  });
});

describe("form steps shared by the screens and the procedures", () => {
  it("an amount has at most 2 decimals and a percentage at most 1", () => {
    expect(hasStep(4.35, 2)).toBe(true);
    expect(hasStep(0.1 + 0.2, 2)).toBe(true);
    expect(hasStep(4.355, 2)).toBe(false);
    expect(hasStep(5.5, 1)).toBe(true);
    expect(hasStep(5.55, 1)).toBe(false);
  });

  it("the invoice form refuses a negative amount, 3 decimals, a due date before the issue date and extra keys", () => {
    const ok = {
      recipientId: "p1",
      description: "Bus",
      baseAmount: 10,
      issueDate: "2026-03-01",
      dueDate: "2026-03-16",
    };
    expect(createInvoiceInput.safeParse(ok).success).toBe(true);
    expect(createInvoiceInput.safeParse({ ...ok, baseAmount: -1 }).success).toBe(false);
    expect(createInvoiceInput.safeParse({ ...ok, baseAmount: 1.234 }).success).toBe(false);
    // The ceiling is the school's currency's (the form adds it; the server applies it in the service).
    const usdForm = withInvoiceAmountIn(createInvoiceInput, "USD");
    expect(usdForm.safeParse({ ...ok, baseAmount: 1_000_000 }).success).toBe(true);
    expect(usdForm.safeParse({ ...ok, baseAmount: 1_000_000.01 }).success).toBe(false);
    expect(withInvoiceAmountIn(createInvoiceInput, "JPY").safeParse({ ...ok, baseAmount: 10.5 }).success).toBe(false);
    expect(createInvoiceInput.safeParse({ ...ok, dueDate: "2026-02-28" }).success).toBe(false);
    expect(createInvoiceInput.safeParse({ ...ok, issueDate: "2026-02-30" }).success).toBe(false);
    expect(createInvoiceInput.safeParse({ ...ok, amountCents: 1 }).success).toBe(false);
  });

  it("the settings form takes 0–100 in steps of 0.1 and a known application type", () => {
    expect(updatePaymentSettingsInput.safeParse({ feePercentage: 0, feeApplicationType: "year_round" }).success).toBe(
      true,
    );
    expect(updatePaymentSettingsInput.safeParse({ feePercentage: 100, feeApplicationType: "term_based" }).success).toBe(
      true,
    );
    expect(
      updatePaymentSettingsInput.safeParse({ feePercentage: 100.1, feeApplicationType: "term_based" }).success,
    ).toBe(false);
    expect(
      updatePaymentSettingsInput.safeParse({ feePercentage: -0.1, feeApplicationType: "term_based" }).success,
    ).toBe(false);
    expect(
      updatePaymentSettingsInput.safeParse({ feePercentage: 5.25, feeApplicationType: "term_based" }).success,
    ).toBe(false);
    expect(updatePaymentSettingsInput.safeParse({ feePercentage: 5, feeApplicationType: "monthly" }).success).toBe(
      false,
    );
  });
});
