/**
 * The two fees of a parent payment, in integer cents, defined once (server, screens, PDF, tests).
 *
 * 1. The school's payment settings decide what the parent pays: `term_based` adds the fee
 *    percentage on top of the base amount, `year_round` leaves the total at the base.
 * 2. The platform's cut of every parent payment is the school's `platform_fee_bps` (set by the
 *    super admin), charged as Stripe's `application_fee_amount` on the direct charge.
 *
 * Percentages are basis points (500 = 5 %; the settings move in steps of 10 = 0.1 %). Rounding is
 * half-up to the cent.
 */

export const FEE_APPLICATION_TYPES = ["term_based", "year_round"] as const;
export type FeeApplicationType = (typeof FEE_APPLICATION_TYPES)[number];

export const DEFAULT_FEE_BPS = 500;
export const DEFAULT_FEE_APPLICATION_TYPE: FeeApplicationType = "term_based";
export const MAX_FEE_BPS = 10_000;
/** 0.1 % steps. */
export const FEE_BPS_STEP = 10;

/** `value × bps / 10 000`, rounded half-up to a whole cent (both arguments non-negative integers). */
export function percentOfCents(cents: number, bps: number): number {
  if (!Number.isSafeInteger(cents) || !Number.isSafeInteger(bps) || cents < 0 || bps < 0) {
    throw new RangeError("cents and basis points must be non-negative integers");
  }
  // Integer arithmetic: cents × bps stays far below 2^53 for any amount the forms accept.
  return Math.floor((cents * bps + 5_000) / 10_000);
}

export type InvoiceAmounts = { baseAmountCents: number; feeCents: number; amountCents: number };

/** What the parent pays for an invoice of `baseAmountCents` under the school's payment settings. */
export function invoiceAmounts(baseAmountCents: number, feeBps: number, type: FeeApplicationType): InvoiceAmounts {
  const feeCents = type === "term_based" ? percentOfCents(baseAmountCents, feeBps) : 0;
  return { baseAmountCents, feeCents, amountCents: baseAmountCents + feeCents };
}

/** The platform's `application_fee_amount` on a parent payment of `amountCents`. */
export function applicationFeeCents(amountCents: number, platformFeeBps: number): number {
  return percentOfCents(amountCents, platformFeeBps);
}

/** 5.5 (percent, as typed in a form) → 550 basis points; the form's step keeps it a whole number. */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

export function bpsToPercent(bps: number): number {
  return bps / 100;
}

/** Integer cents → dollars, for a form's amount field (12050 → 120.5). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars as typed in a form ("12.345" is refused by the form's step) → integer cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
