import { and, eq, isNotNull, ne, type SQL } from "drizzle-orm";
import { payments, schools } from "#db/schema/index.ts";
import { acceptsPayments } from "#shared/connect.ts";
import { MINIMUM_CHARGE } from "#shared/currency-settings.ts";
import { applicationFeeCents } from "#shared/fees.ts";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { currencyOf, formatMoney } from "#shared/money.ts";
import { PAYMENT_MESSAGES, PAYMENT_RETURN_PARAM, type PayableKind } from "#shared/payment-texts.ts";
import { localeText } from "#shared/said.ts";
import { sha256Hex } from "#worker/auth/crypto.ts";
import type { AppDeps } from "#worker/deps.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { PAYMENT_REFUSALS } from "../refusal-texts.ts";
import type { PaymentLink } from "./payment-rows.ts";
import { payableNamed, paymentsOf } from "./registry.ts";

/**
 * What one Checkout sells: a payable of a registered kind (payable.ts), the amount due now and the
 * line the parent sees. Its domain builds it; `kind` rides in the metadata so the webhook can
 * dispatch on it.
 */
export type CheckoutItem = {
  kind: PayableKind;
  id: string;
  schoolId: string;
  parentId: string;
  amountCents: number;
  description: string;
};

/** The metadata on the Checkout Session and on its PaymentIntent (Stripe metadata values are strings): the payable under its link's key. */
export type PayableMetadata = { kind: PayableKind; schoolId: string; parentId: string } & Partial<
  Record<PaymentLink, string>
>;

/** The school side of a payment: whose connected account is charged, and the platform's cut. */
export type PayingSchool = {
  name: string;
  stripeConnectAccountId: string | null;
  connectDetailsSubmitted: boolean;
  connectChargesEnabled: boolean;
  connectPayoutsEnabled: boolean;
  connectRequirementsDue: string[];
  platformFeeBps: number;
  /** The school's currency code: what the parent is charged in (ADR 0077). */
  currency: string;
};

/** Starting checkouts, per parent: far above any honest use (a double click is one session anyway). */
export const CHECKOUT_LIMIT = { windowMs: 10 * 60_000, max: 20 } as const;

/** The checkout rate limit of a parent (every payable kind shares it). */
export async function takeCheckoutSlot(scope: ParentScope): Promise<void> {
  const decision = await hitWindow(
    scope.deps.db,
    `payments:checkout:${scope.parentId}`,
    scope.now,
    CHECKOUT_LIMIT.windowMs,
    CHECKOUT_LIMIT.max,
  );
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}

/** The columns of `schools` a checkout needs (select them with the payable, in the same read). */
export const PAYING_SCHOOL_COLUMNS = {
  name: schools.name,
  stripeConnectAccountId: schools.stripeConnectAccountId,
  connectDetailsSubmitted: schools.connectDetailsSubmitted,
  connectChargesEnabled: schools.connectChargesEnabled,
  connectPayoutsEnabled: schools.connectPayoutsEnabled,
  connectRequirementsDue: schools.connectRequirementsDue,
  platformFeeBps: schools.platformFeeBps,
  currency: schools.currency,
};

function metadataOf(payable: CheckoutItem): PayableMetadata {
  return {
    kind: payable.kind,
    schoolId: payable.schoolId,
    parentId: payable.parentId,
    [payableNamed(payable.kind).link]: payable.id,
  };
}

/** Whether the school can be charged this amount online; throws the parent's message if not. */
export function assertCanCharge(
  school: PayingSchool,
  amountCents: number,
): asserts school is PayingSchool & { stripeConnectAccountId: string } {
  if (!acceptsPayments(school) || !school.stripeConnectAccountId)
    throw new AppError("PRECONDITION_FAILED", PAYMENT_REFUSALS.schoolCannotTakePayments(school.name));
  const currency = currencyOf(school.currency);
  if (amountCents < MINIMUM_CHARGE[currency])
    throw new AppError(
      "BAD_REQUEST",
      PAYMENT_REFUSALS.belowMinimum(
        localeText((locale) =>
          locale === "en"
            ? formatMoney(MINIMUM_CHARGE[currency], currency)
            : formatMoney(MINIMUM_CHARGE[currency], currency, LOCALE_TAGS[locale]),
        ),
      ),
    );
}

/**
 * Checkout for any payable: a direct charge in the school's currency (amounts and the platform's
 * fee in its minor units; Stripe takes lowercase codes) on the school's connected account with the platform's
 * application fee, a deterministic Idempotency-Key (ST4: the same request within the hour gets the
 * same session), and a pending `payments` row for the session.
 */
export async function startPayableCheckout(
  scope: ParentScope,
  payable: CheckoutItem,
  school: PayingSchool,
  customerEmail: string,
): Promise<{ url: string }> {
  const { deps, now } = scope;
  assertCanCharge(school, payable.amountCents);
  const account = school.stripeConnectAccountId;
  const fee = applicationFeeCents(payable.amountCents, school.platformFeeBps);
  const metadata = metadataOf(payable);
  const back = `${deps.config.appUrl}${payableNamed(payable.kind).returnPath}?${PAYMENT_RETURN_PARAM}=`;
  const params = {
    mode: "payment" as const,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: currencyOf(school.currency).toLowerCase(),
          unit_amount: payable.amountCents,
          product_data: { name: payable.description },
        },
      },
    ],
    payment_intent_data: { application_fee_amount: fee, metadata },
    metadata,
    customer_email: customerEmail,
    success_url: `${back}success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${back}cancelled`,
  };
  // Same payable, same parameters, same hour → same key; a changed amount or address gets a new one.
  const digest = (await sha256Hex(JSON.stringify({ account, params }))).slice(0, 24);
  const idempotencyKey = `payable-checkout-${payable.kind}-${payable.id}-${digest}-${now.toISOString().slice(0, 13)}`;
  let session: { id: string; url: string | null };
  try {
    session = await deps.stripe.checkout.sessions.create(params, { idempotencyKey, stripeAccount: account });
  } catch (error) {
    deps.logger.error("stripe: payment checkout failed", {
      kind: payable.kind,
      id: payable.id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.checkoutFailed);
  }
  if (!session.url) throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.checkoutFailed);
  await closeEarlierSessions(scope, payable, account, session.id);
  await deps.db.batch([
    deps.db
      .insert(payments)
      .values({
        schoolId: payable.schoolId,
        parentId: payable.parentId,
        kind: payable.kind,
        [payableNamed(payable.kind).link]: payable.id,
        amountCents: payable.amountCents,
        applicationFeeCents: fee,
        status: "pending",
        stripeCheckoutSessionId: session.id,
        stripeAccountId: account,
        createdAt: now,
        updatedAt: now,
      })
      // A double click returns the same session: its row is already there.
      .onConflictDoNothing({ target: payments.stripeCheckoutSessionId }),
    auditInsert(
      deps.db,
      {
        eventType: "payment_checkout_started",
        description: `Checkout started for ${payable.description}`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: payable.schoolId,
        metadata: {
          kind: payable.kind,
          payable_id: payable.id,
          checkout_session: session.id,
          amount_cents: payable.amountCents,
          application_fee_cents: fee,
        },
        at: now,
      },
      scope.meta,
    ),
  ]);
  return { url: session.url };
}

/**
 * One payable, one open Checkout: a session from an earlier hour (another Idempotency-Key) is
 * expired before the new one is handed out, so a parent cannot pay the same invoice twice from two
 * tabs. If an earlier session cannot be expired because it was already completed, its payment is
 * on its way: the new session is expired instead and the parent told so.
 */
async function closeEarlierSessions(
  scope: ParentScope,
  payable: CheckoutItem,
  account: string,
  current: string,
): Promise<void> {
  const { deps, now } = scope;
  const earlier = await deps.db
    .select({ id: payments.id, session: payments.stripeCheckoutSessionId })
    .from(payments)
    .where(
      and(
        paymentsOf(payable.kind, [payable.id]),
        eq(payments.status, "pending"),
        isNotNull(payments.stripeCheckoutSessionId),
        ne(payments.stripeCheckoutSessionId, current),
      ),
    );
  for (const row of earlier) {
    try {
      await deps.stripe.checkout.sessions.expire(row.session!, {}, { stripeAccount: account });
    } catch (error) {
      const session = await deps.stripe.checkout.sessions
        .retrieve(row.session!, {}, { stripeAccount: account })
        .catch(() => null);
      if (session?.status === "complete") {
        await deps.stripe.checkout.sessions.expire(current, {}, { stripeAccount: account }).catch(() => undefined);
        throw new AppError("CONFLICT", PAYMENT_MESSAGES.alreadyProcessing);
      }
      // Already expired (Stripe's 24 hours, or an earlier call): nothing can be paid through it.
      if (session?.status !== "expired") {
        deps.logger.error("stripe: could not expire an earlier checkout", {
          session: row.session,
          error: error instanceof Error ? error.message : String(error),
        });
        throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.checkoutFailed);
      }
    }
    // Closed for good: the row says so (a late success of it would still move it forward).
    await deps.db
      .update(payments)
      .set({ status: "failed", updatedAt: now })
      .where(and(eq(payments.id, row.id), eq(payments.status, "pending")));
  }
}

/**
 * Closes the Checkouts still open for the payments `which` selects (an opt-out, a cancelled trip, a
 * changed cost, a deleted child): nothing more can be paid through them. One that completed meanwhile
 * cannot be expired: its payment arrives through the webhook, which settles it (settle.ts).
 */
export async function expireOpenCheckouts(
  deps: Pick<AppDeps, "db" | "stripe" | "logger">,
  which: SQL,
  now: Date,
): Promise<void> {
  const open = await deps.db
    .select({ id: payments.id, session: payments.stripeCheckoutSessionId, account: payments.stripeAccountId })
    .from(payments)
    .where(
      and(
        which,
        eq(payments.status, "pending"),
        isNotNull(payments.stripeCheckoutSessionId),
        isNotNull(payments.stripeAccountId),
      ),
    );
  for (const row of open) {
    try {
      await deps.stripe.checkout.sessions.expire(row.session!, {}, { stripeAccount: row.account! });
    } catch (error) {
      deps.logger.info("stripe: could not expire an open checkout", {
        session: row.session,
        error: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    await deps.db
      .update(payments)
      .set({ status: "failed", updatedAt: now })
      .where(and(eq(payments.id, row.id), eq(payments.status, "pending")));
  }
}
