import { enrollmentPayable } from "./flight-trips/payable.ts";
import { invoicePayable } from "./invoices/payable.ts";
import type { Payable } from "./payments/payable.ts";

/**
 * What parents pay for: every payable kind, the one list payments dispatch on (ADR 0042). A new
 * kind is its module (a `Payable` in its own domain) and a line here.
 */
export const PAYABLES: readonly Payable[] = [invoicePayable, enrollmentPayable];
