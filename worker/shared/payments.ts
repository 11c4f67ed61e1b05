import { z } from "zod";

/** The zod side of parents' payments; the texts and constants (zod-free, for lean pages) are in payment-texts.ts. */
export * from "./payment-texts.ts";

export const startInvoiceCheckoutInput = z.object({ invoiceId: z.string().min(1).max(64) }).strict();
