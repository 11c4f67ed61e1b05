import { and, eq, inArray, type SQL } from "drizzle-orm";
import { payments } from "#db/schema/index.ts";
import type { PayableKind } from "#shared/payment-texts.ts";
import { PAYABLES } from "../payables.ts";
import type { Payable } from "./payable.ts";
import { PAYMENT_LINKS } from "./payment-rows.ts";

/*
 * Payments read the payable kinds here, apart from the `Payable` type the kinds implement, so the
 * list (which imports each kind's module) and the kinds (which import the type) form no cycle.
 */

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
