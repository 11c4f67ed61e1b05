import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payments } from "#db/schema/index.ts";
import type { PayableKind } from "#shared/payment-texts.ts";
import { PAYABLES } from "../payables.ts";
import { type Effect, PAYMENT_LINKS, type PaymentFacts, type PaymentLink } from "./payment-rows.ts";

/**
 * What payments know of what is paid for (ADR 0042): a payable kind (an invoice, a field-trip
 * enrolment) brings this, and payments (Checkout, the webhook, settling refunds, the hourly sweep)
 * dispatch to it by the `kind` of a payment, without knowing the kind's tables or rules. Each kind
 * is a module of its own domain (`services/invoices/payable.ts`, `services/flight-trips/payable.ts`),
 * listed once in `services/payables.ts`.
 */
export type Payable = {
  kind: PayableKind;
  /** The column of `payments` that names a payable of this kind (and its key in the Checkout metadata). */
  link: PaymentLink;
  /** Where Checkout sends the parent back to. */
  returnPath: string;
  /**
   * A payment for the payable `id` (named by the event's metadata) succeeded or failed: the effects
   * for the event's batch (the payments row with `paymentRowEffects`, the payable's own statements,
   * receipts, audit rows, notices), [] to ignore the event (another school's, another account's), or
   * null when the payable is gone: the charge is then recorded unattached and refunded whole.
   */
  paymentEffects: (db: Db, facts: PaymentFacts, id: string) => Promise<Effect[] | null>;
  /** `charge.refunded` of a payment for the payable `id`: `paymentRefunded` and the payable's own effects. */
  refundEffects: (db: Db, facts: PaymentFacts, id: string) => Promise<Effect[]>;
  /**
   * The kind's refund rule (ADR 0037): raises `refund_due_cents` of these payables' succeeded
   * payments to what must go back (only ever up, guarded on the value read), and recomputes what
   * the payable derives from its payments, in one batch. Payments then ask Stripe for it.
   */
  markRefundsDue: (db: Db, ids: string[], now: Date) => Promise<void>;
  /** Payables whose payments may hold more than the rule lets them keep, at most `limit` (the hourly sweep). */
  holdingTooMuch: (db: Db, limit: number) => Promise<string[]>;
};

/** The registered payable kinds. */
export const payables = (): readonly Payable[] => PAYABLES;

/** The payable kind named `kind`, if registered (an event's metadata may name anything). */
export const payableOf = (kind: string | null): Payable | undefined =>
  kind === null ? undefined : PAYABLES.find((payable) => payable.kind === kind);

/** The payable kind of a payment written by the app: registered by construction. */
export function payableNamed(kind: string): Payable {
  const payable = payableOf(kind);
  if (!payable) throw new Error(`No payable kind "${kind}" is registered (services/payables.ts)`);
  return payable;
}

/** The column of `payments` that names a payable of this kind. */
export const linkColumn = (kind: string) => PAYMENT_LINKS[payableNamed(kind).link];

/** SQL: the payments of these payables of `kind` (its kind and its link together name a payable). */
export const paymentsOf = (kind: PayableKind, ids: string[]): SQL =>
  and(eq(payments.kind, kind), inArray(linkColumn(kind), ids))!;
