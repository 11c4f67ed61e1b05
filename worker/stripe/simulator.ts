import { Hono } from "hono";
import type { Db } from "#db/client.ts";
import { randomHex } from "../auth/crypto.ts";
import { LOCAL_PRICES } from "../config.ts";
import { stripeEvent } from "./events.ts";
import { connectSimulatorRoutes } from "./simulator-connect.ts";
import { loadObject, type StripeSimulatorDeps, saveObject } from "./simulator-store.ts";

// The object store and the deps are shared with the Connect half (simulator-connect.ts), which this module mounts.
export { loadObject, type StripeSimulatorDeps, saveObject };

/**
 * Local mode's stand-in for the few Stripe endpoints SchoolRide calls, answering the real SDK
 * (form-encoded requests, JSON answers). Objects live in `dev_stripe_objects`. The hosted pages
 * (checkout, billing portal) are the dev pages in http/dev-stripe.ts.
 */

export type SimCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: "subscription" | "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  url: string;
  success_url: string;
  cancel_url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
  subscription_metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  description: string;
  created: number;
  /** Connect: the connected account the session was created on (`Stripe-Account` header), for a direct charge. */
  account: string | null;
  /** What the session's PaymentIntent will carry (payment mode). */
  payment_intent_data: { application_fee_amount: number | null; metadata: Record<string, string> };
};

/** The PaymentIntent and charge a payment-mode Checkout on a connected account makes (worker/http/dev-stripe-payments.ts). */
export type SimPaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "succeeded";
  application_fee_amount: number | null;
  latest_charge: string;
  metadata: Record<string, string>;
  description: string;
  created: number;
  /** Not a Stripe field: the connected account, so the dev dashboard can send its events. */
  account: string | null;
};

export type SimCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  paid: boolean;
  refunded: boolean;
  status: "succeeded";
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
};

export type SimSubscription = {
  id: string;
  object: "subscription";
  status: "active" | "trialing" | "past_due" | "canceled" | "unpaid" | "incomplete";
  customer: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  created: number;
  items: { object: "list"; data: { price: { id: string } }[] };
};

const SIMULATED_PRICES: Record<string, { amount: number; name: string }> = {
  [LOCAL_PRICES.starter]: { amount: 19_900, name: "SchoolRide Starter (monthly)" },
  [LOCAL_PRICES.professional]: { amount: 39_900, name: "SchoolRide Professional (monthly)" },
  [LOCAL_PRICES.enterprise]: { amount: 79_900, name: "SchoolRide Enterprise (monthly)" },
};

/** `metadata[key]=value` entries of a form body under a prefix. */
function collect(params: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key.startsWith(`${prefix}[`) && key.endsWith("]")) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

function stripeError(message: string, status = 400) {
  return Response.json({ error: { type: "invalid_request_error", message } }, { status });
}

/**
 * Refunds a simulated payment (the API's `POST /v1/refunds` and the dev dashboard's Refund button):
 * `amount` of it, or all that is left. The charge's `amount_refunded` grows, `refunded` turns true
 * once all of it is back, and the `charge.refunded` event Stripe sends is returned; null when there
 * is no charge, an error text when the amount is more than is left.
 */
export async function refundSimulatedPayment(
  db: Db,
  intent: SimPaymentIntent,
  now: Date,
  amount?: number,
): Promise<{ charge: SimCharge; event: ReturnType<typeof stripeEvent> } | { error: string; code?: string } | null> {
  const charge = await loadObject<SimCharge>(db, intent.latest_charge);
  if (!charge) return null;
  const left = charge.amount - charge.amount_refunded;
  if (left <= 0) return { error: `Charge ${charge.id} has already been refunded.`, code: "charge_already_refunded" };
  const refund = amount ?? left;
  if (!Number.isInteger(refund) || refund <= 0) return { error: "Invalid positive integer" };
  if (refund > left)
    return { error: `Refund amount (${refund}) is greater than unrefunded amount on charge (${left})` };
  const refunded: SimCharge = {
    ...charge,
    amount_refunded: charge.amount_refunded + refund,
    refunded: charge.amount_refunded + refund >= charge.amount,
  };
  await saveObject(db, "charge", refunded, now);
  return { charge: refunded, event: stripeEvent("charge.refunded", refunded, now, intent.account ?? undefined) };
}

export function createStripeSimulator(deps: StripeSimulatorDeps) {
  const { db } = deps;
  const app = new Hono();
  const seconds = () => Math.floor(deps.now().getTime() / 1000);

  // Stripe handles one request per Idempotency-Key at a time: a second one sent while the first is
  // in flight (a double click) waits for it here, then finds its response below.
  const inFlight = new Map<string, Promise<void>>();
  app.use("/v1/*", async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (!key) return next();
    const earlier = inFlight.get(key) ?? Promise.resolve();
    const current = earlier.catch(() => undefined).then(() => next());
    inFlight.set(key, current);
    try {
      await current;
    } finally {
      if (inFlight.get(key) === current) inFlight.delete(key);
    }
  });

  /** Stripe answers a repeated Idempotency-Key with the first response. */
  const earlierResponse = async (idempotencyKey: string | undefined) => {
    const saved = idempotencyKey
      ? await loadObject<{ id: string; response?: { id: string } }>(db, `idem_${idempotencyKey}`)
      : null;
    // The object as first answered, with its own id (rows saved before the `response` wrapper lack it).
    return saved?.response ?? saved;
  };
  const rememberResponse = async (idempotencyKey: string | undefined, object: { id: string }) => {
    const saved = { id: `idem_${idempotencyKey}`, response: object };
    if (idempotencyKey) await saveObject(db, "idempotency", saved, deps.now());
  };

  app.post("/v1/checkout/sessions", async (c) => {
    const account = c.req.header("stripe-account") ?? null;
    // Stripe scopes idempotency keys to the account the request is made on.
    const idempotencyKey =
      c.req.header("idempotency-key") && `${account ? `${account}:` : ""}${c.req.header("idempotency-key")}`;
    const earlier = await earlierResponse(idempotencyKey);
    if (earlier) return c.json(earlier);
    const params = new URLSearchParams(await c.req.text());
    const mode = params.get("mode");
    const successUrl = params.get("success_url");
    if (mode !== "subscription" && mode !== "payment") return stripeError("Missing required param: mode.");
    if (!successUrl) return stripeError("Missing required param: success_url.");
    const price = params.get("line_items[0][price]");
    const unitAmount = params.get("line_items[0][price_data][unit_amount]");
    const quantity = Number(params.get("line_items[0][quantity]") ?? "1");
    const known = price ? SIMULATED_PRICES[price] : undefined;
    if (price && !known) return stripeError(`No such price: '${price}'`);
    const amount = known ? known.amount * quantity : Number(unitAmount ?? NaN) * quantity;
    if (!Number.isFinite(amount) || amount < 0) return stripeError("Missing line item amount.");
    // A plan's price carries its own currency (the platform's); price_data must name one, as Stripe requires.
    const currency = known ? "usd" : params.get("line_items[0][price_data][currency]");
    if (!currency) return stripeError("Missing required param: line_items[0][price_data][currency].");
    if (!/^[a-z]{3}$/.test(currency)) return stripeError(`Invalid currency: ${currency}.`);
    const applicationFee = params.get("payment_intent_data[application_fee_amount]");
    if (applicationFee !== null && !account)
      return stripeError(
        "Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).",
      );
    if (applicationFee !== null && !(Number(applicationFee) >= 0 && Number(applicationFee) <= amount))
      return stripeError("Invalid application_fee_amount.");
    const id = `cs_test_${randomHex(16)}`;
    const session: SimCheckoutSession = {
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      url: `${deps.appUrl}/dev/stripe/checkout/${id}`,
      success_url: successUrl,
      cancel_url: params.get("cancel_url"),
      customer: params.get("customer"),
      customer_email: params.get("customer_email"),
      client_reference_id: params.get("client_reference_id"),
      subscription: null,
      payment_intent: null,
      metadata: collect(params, "metadata"),
      subscription_metadata: collect(params, "subscription_data[metadata]"),
      amount_total: amount,
      currency,
      description: known?.name ?? params.get("line_items[0][price_data][product_data][name]") ?? "Payment",
      created: seconds(),
      account,
      payment_intent_data: {
        application_fee_amount: applicationFee === null ? null : Number(applicationFee),
        metadata: collect(params, "payment_intent_data[metadata]"),
      },
    };
    await saveObject(db, "checkout.session", session, deps.now());
    await rememberResponse(idempotencyKey, session);
    return c.json(session);
  });

  // Stripe expires only an open session; a completed one answers an error.
  app.post("/v1/checkout/sessions/:id/expire", async (c) => {
    const session = await loadObject<SimCheckoutSession>(db, c.req.param("id"));
    if (!session) return stripeError(`No such checkout.session: '${c.req.param("id")}'`, 404);
    if (session.status !== "open")
      return stripeError(
        `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${session.status}".`,
      );
    const expired: SimCheckoutSession = { ...session, status: "expired" };
    await saveObject(db, "checkout.session", expired, deps.now());
    return c.json(expired);
  });

  app.get("/v1/checkout/sessions/:id", async (c) => {
    const session = await loadObject<SimCheckoutSession>(db, c.req.param("id"));
    return session ? c.json(session) : stripeError(`No such checkout.session: '${c.req.param("id")}'`, 404);
  });

  app.get("/v1/subscriptions/:id", async (c) => {
    const subscription = await loadObject<SimSubscription>(db, c.req.param("id"));
    return subscription ? c.json(subscription) : stripeError(`No such subscription: '${c.req.param("id")}'`, 404);
  });

  app.post("/v1/billing_portal/sessions", async (c) => {
    const idempotencyKey = c.req.header("idempotency-key");
    const earlier = await earlierResponse(idempotencyKey);
    if (earlier) return c.json(earlier);
    const params = new URLSearchParams(await c.req.text());
    const customer = params.get("customer");
    if (!customer) return stripeError("Missing required param: customer.");
    const id = `bps_${randomHex(12)}`;
    const portal = {
      id,
      object: "billing_portal.session",
      customer,
      return_url: params.get("return_url"),
      url: `${deps.appUrl}/dev/stripe/portal/${id}`,
    };
    await saveObject(db, "billing_portal.session", portal, deps.now());
    await rememberResponse(idempotencyKey, portal);
    return c.json(portal);
  });

  // A PaymentIntent of a direct charge, on its connected account (`Stripe-Account`), its charge expandable.
  app.get("/v1/payment_intents/:id", async (c) => {
    const account = c.req.header("stripe-account") ?? null;
    const intent = await loadObject<SimPaymentIntent>(db, c.req.param("id"));
    if (intent?.object !== "payment_intent" || intent.account !== account)
      return stripeError(`No such payment_intent: '${c.req.param("id")}'`, 404);
    const { account: _account, ...publicIntent } = intent;
    // `expand[0]=latest_charge` (the SDK numbers array entries).
    const expand = [...new URL(c.req.url).searchParams]
      .filter(([key]) => key.startsWith("expand"))
      .map(([, value]) => value);
    if (!expand.includes("latest_charge")) return c.json(publicIntent);
    return c.json({ ...publicIntent, latest_charge: await loadObject<SimCharge>(db, intent.latest_charge) });
  });

  // A refund (all that is left, or `amount` of it) of a direct charge on a connected account (`Stripe-Account`).
  app.post("/v1/refunds", async (c) => {
    const account = c.req.header("stripe-account") ?? null;
    const idempotencyKey =
      c.req.header("idempotency-key") && `${account ? `${account}:` : ""}${c.req.header("idempotency-key")}`;
    const earlier = await earlierResponse(idempotencyKey);
    if (earlier) return c.json(earlier);
    const params = new URLSearchParams(await c.req.text());
    const intentId = params.get("payment_intent");
    if (!intentId) return stripeError("Missing required param: payment_intent.");
    const intent = await loadObject<SimPaymentIntent>(db, intentId);
    if (intent?.object !== "payment_intent" || intent.account !== account)
      return stripeError(`No such payment_intent: '${intentId}'`, 404);
    const amount = params.get("amount");
    const result = await refundSimulatedPayment(db, intent, deps.now(), amount === null ? undefined : Number(amount));
    if (!result) return stripeError(`No such payment_intent: '${intentId}'`, 404);
    if ("error" in result)
      return Response.json(
        { error: { type: "invalid_request_error", code: result.code, message: result.error } },
        { status: 400 },
      );
    const refund = {
      id: `re_${randomHex(12)}`,
      object: "refund",
      amount: amount === null ? result.charge.amount : Number(amount),
      charge: result.charge.id,
      payment_intent: intent.id,
      currency: result.charge.currency,
      status: "succeeded",
      metadata: collect(params, "metadata"),
      created: seconds(),
    };
    await saveObject(db, "refund", refund, deps.now());
    await rememberResponse(idempotencyKey, refund);
    await deps.deliver?.([result.event]);
    return c.json(refund);
  });

  app.route("/", connectSimulatorRoutes(deps));
  app.all("*", (c) => stripeError(`Unrecognized request URL (${c.req.method}: ${c.req.path}).`, 404));

  const fetch: typeof globalThis.fetch = async (input, init) => app.fetch(new Request(input, init));
  return { fetch };
}
