import { z } from "zod";
import "./fields.ts";
import { CURRENCY_MESSAGES } from "./currency-settings.ts";
import { FEE_APPLICATION_TYPES, MAX_FEE_BPS } from "./fees.ts";
import { INVOICE_MESSAGES } from "./invoice-texts.ts";
import { hasStep } from "./invoices.ts";
import { CURRENCIES } from "./money.ts";

/** The Payment Settings modal and `schoolAdmin.paymentSettings.update` (the percentage as typed). */
export const updatePaymentSettingsInput = z
  .object({
    feePercentage: z
      .number(INVOICE_MESSAGES.feePercentage)
      .min(0, INVOICE_MESSAGES.feePercentage)
      .max(MAX_FEE_BPS / 100, INVOICE_MESSAGES.feePercentage)
      .refine((value) => hasStep(value, 1), INVOICE_MESSAGES.feePercentage),
    feeApplicationType: z.enum(FEE_APPLICATION_TYPES),
    /** The school's currency (ISO 4217); changing it is refused after the first invoice or priced field trip. Absent: unchanged. */
    currency: z.enum(CURRENCIES, CURRENCY_MESSAGES.unsupported).optional(),
  })
  .strict();

export type PaymentSettingsForm = z.input<typeof updatePaymentSettingsInput>;
