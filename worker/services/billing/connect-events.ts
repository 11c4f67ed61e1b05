import { and, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#db/client.ts";
import { auditLogs, schools } from "#db/schema/index.ts";
import { isCurrency } from "#shared/money.ts";
import { currencyEditable } from "../payment-settings/currency.ts";

type Effect = Parameters<Db["batch"]>[0][number];

/** What SchoolRide keeps of a connected account (`account.updated`'s object, or a retrieved account). */
export type ConnectAccountSnapshot = Pick<Stripe.Account, "id"> & {
  details_submitted?: boolean | null;
  charges_enabled?: boolean | null;
  payouts_enabled?: boolean | null;
  requirements?: { currently_due?: string[] | null } | null;
  /** The currency the account pays out in (lowercase, as Stripe writes it). */
  default_currency?: string | null;
};

/**
 * The instant a snapshot stands for, to the second: an event's `created`, or the second of a fetch.
 * Stripe's event times have one-second resolution, so a fetch counts as its whole second and an
 * event of the same second still applies (ADR 0021).
 */
export function connectSnapshotAt(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 1000) * 1000);
}

/**
 * The school's Connect fields from a snapshot of its account, with an audit row when
 * `charges_enabled` changes. Only a snapshot at least as new as the one stored applies, so
 * duplicated, reordered or concurrent deliveries end in the newest state (ADR 0021).
 */
export function connectAccountEffects(
  db: Db,
  account: ConnectAccountSnapshot,
  at: Date,
  source: { eventId: string | null },
): [Effect, ...Effect[]] {
  const when = connectSnapshotAt(at);
  const chargesEnabled = account.charges_enabled === true;
  const guarded: SQL = and(
    eq(schools.stripeConnectAccountId, account.id),
    or(isNull(schools.connectStatusAt), lte(schools.connectStatusAt, when)),
  )!;
  const reported = account.default_currency?.toUpperCase() ?? null;
  const currency = isCurrency(reported) ? reported : null;
  return [
    // LG1: read before the update, same condition, so the row exists exactly when the change happens.
    db.run(sql`insert into ${auditLogs} ("id", "school_id", "event_type", "description", "metadata", "created_at")
      select lower(hex(randomblob(16))), ${schools.id}, 'connect_charges_changed',
        ${chargesEnabled ? "Stripe account can take payments" : "Stripe account can no longer take payments"},
        json_object('account', ${account.id}, 'charges_enabled', json(${chargesEnabled ? "true" : "false"}), 'stripe_event_id', ${source.eventId}), ${when.getTime()}
      from ${schools} where ${guarded} and ${schools.connectChargesEnabled} <> ${chargesEnabled ? 1 : 0}`),
    db
      .update(schools)
      .set({
        connectDetailsSubmitted: account.details_submitted === true,
        connectChargesEnabled: chargesEnabled,
        connectPayoutsEnabled: account.payouts_enabled === true,
        connectRequirementsDue: [...(account.requirements?.currently_due ?? [])],
        connectStatusAt: when,
        updatedAt: when,
      })
      .where(guarded),
    // After the update: its guard still holds (the stored instant is now `when`).
    ...(currency ? accountCurrencyEffects(db, currency, guarded, when, account.id, source) : []),
  ];
}

/**
 * ADR 0077: the school's currency follows its Stripe account's `default_currency` while it may
 * still change (no invoice, no priced trip: payment-settings/currency.ts); after that the school
 * keeps its currency and the mismatch is written to the audit log (Stripe converts the charges).
 * The reported currency is kept (`connect_currency`) so the settings refuse another one. A
 * currency SchoolRide does not offer changes nothing.
 */
function accountCurrencyEffects(
  db: Db,
  currency: string,
  guarded: SQL,
  when: Date,
  accountId: string,
  source: { eventId: string | null },
): Effect[] {
  const editable = currencyEditable(db, schools.id);
  return [
    db.run(sql`insert into ${auditLogs} ("id", "school_id", "event_type", "description", "metadata", "created_at")
      select lower(hex(randomblob(16))), ${schools.id}, 'connect_currency_mismatch',
        'Stripe account pays out in ' || ${currency} || ', the school charges in ' || ${schools.currency},
        json_object('account', ${accountId}, 'account_currency', ${currency}, 'school_currency', ${schools.currency}, 'stripe_event_id', ${source.eventId}), ${when.getTime()}
      from ${schools} where ${guarded} and ${schools.currency} <> ${currency}
        and coalesce(${schools.connectCurrency}, '') <> ${currency} and not (${editable})`),
    db
      .update(schools)
      .set({
        currency: sql`case when ${editable} then ${currency} else ${schools.currency} end`,
        connectCurrency: currency,
      })
      .where(guarded),
  ];
}

/** `account.updated` (a Connect event: `event.account` names the school's account). */
export function accountUpdatedEffects(db: Db, event: Stripe.AccountUpdatedEvent): Effect[] {
  const account = event.data.object;
  if (event.account && event.account !== account.id) return [];
  return connectAccountEffects(db, account, new Date(event.created * 1000), { eventId: event.id });
}
