import { and, eq, exists, gt, ne, not, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "#db/client.ts";
import { flightTrips, invoices, schools } from "#db/schema/index.ts";
import { type Currency, currencyOf, isCurrency } from "#shared/money.ts";
import { said } from "#shared/said.ts";
import { AppError } from "../errors.ts";
import { PAYMENT_REFUSALS } from "../refusal-texts.ts";

/*
 * The one rule of a school's currency (ADR 0077): every amount of the school is an integer in its
 * minor units, so the currency can change only while no amount has been typed in it that someone
 * owes or pays: no invoice (of any status) and no priced field trip (a cost above 0; payments only
 * exist for those). Then the settings refuse a change, and a Stripe account reporting another
 * currency no longer moves it.
 */

/** True while the school's currency may change (an SQL condition, for guarded writes in a batch). */
export function currencyEditable(db: Db, schoolId: string | SQL | SQLiteColumn): SQL {
  return and(
    not(exists(db.select({ one: sql`1` }).from(invoices).where(eq(invoices.schoolId, schoolId)))),
    not(
      exists(
        db
          .select({ one: sql`1` })
          .from(flightTrips)
          .where(and(eq(flightTrips.schoolId, schoolId), gt(flightTrips.costPerStudentCents, 0))),
      ),
    ),
  )!;
}

/** The school's currency, whether it may still change, and the currency its Stripe account reported. */
export async function currencyState(db: Db, schoolId: string) {
  const [row] = await db
    .select({
      currency: schools.currency,
      connectCurrency: schools.connectCurrency,
      editable: sql<number>`${currencyEditable(db, schoolId)}`,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!row) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "School not found" }));
  return {
    currency: currencyOf(row.currency),
    currencyEditable: Boolean(row.editable),
    connectCurrency: isCurrency(row.connectCurrency) ? row.connectCurrency : null,
  };
}

/**
 * The guarded write of a new currency, after `assertCurrencyChange` (to put in the settings'
 * batch): it changes nothing if an invoice or priced trip appeared since (rowsAffected 0).
 */
export function currencyUpdate(db: Db, schoolId: string, next: Currency, now: Date) {
  return db
    .update(schools)
    .set({ currency: next, updatedAt: now })
    .where(currencyChangeApplies(db, schoolId, next));
}

/** The condition of `currencyUpdate`: this school, another currency today, still editable. */
export function currencyChangeApplies(db: Db, schoolId: string, next: Currency): SQL {
  return and(eq(schools.id, schoolId), ne(schools.currency, next), currencyEditable(db, schoolId))!;
}

/** Refuses a change to `next` (409 with the reason): amounts exist in the currency, or the Stripe account pays out in another. */
export function assertCurrencyChange(state: Awaited<ReturnType<typeof currencyState>>, next: Currency): void {
  if (next === state.currency) return;
  if (!state.currencyEditable) throw new AppError("CONFLICT", PAYMENT_REFUSALS.currencyLocked(state.currency));
  if (state.connectCurrency && state.connectCurrency !== next)
    throw new AppError("CONFLICT", PAYMENT_REFUSALS.currencyConnectMismatch(state.connectCurrency));
}
