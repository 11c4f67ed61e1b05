import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { html } from "hono/html";
import { devStripeObjects } from "#db/schema/index.ts";
import { formatStripeAmount } from "#shared/money.ts";
import { randomHex } from "../auth/crypto.ts";
import { deliverSimulatedEvents, stripeEvent } from "../stripe/events.ts";
import { loadObject, type SimCheckoutSession, type SimSubscription, saveObject } from "../stripe/simulator.ts";
import type { StripeWebhookDeps } from "../stripe/webhook.ts";
import { devStripePaymentRoutes, payPaymentSession } from "./dev-stripe-payments.ts";

/** A simulated hosted Stripe page (the nonce lets its stylesheet through the CSP). */
export function page(title: string, body: ReturnType<typeof html>, nonce = "") {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Stripe simulator</title>
        <style nonce="${nonce}">
          body { font: 16px/1.5 system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
          main { box-sizing: border-box; width: calc(100% - 2rem); max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 2px 12px #0001; }
          .note { background: #fff8e1; border: 1px solid #f5d77a; border-radius: 8px; padding: .5rem .75rem; font-size: .85rem; }
          .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0; }
          button { width: 100%; padding: .8rem; border: 0; border-radius: 8px; background: #635bff; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; margin-top: .75rem; }
          button.secondary { background: #e3e8ee; color: #1a1f36; }
          a { color: #635bff; }
          .payment { border-top: 1px solid #e3e8ee; padding: .5rem 0; }
          .meta { font-size: .8rem; color: #697386; word-break: break-all; }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

/**
 * Local mode's hosted Stripe pages: Checkout (Pay sends a signed checkout.session.completed, and a
 * subscription event or, for a parent's payment on a school's connected account, the direct
 * charge's events with `account`, to the real webhook handler), the billing portal (cancel, resume,
 * fail a payment) and a payments list with refunds (dev-stripe-payments.ts). Mounted under /dev
 * only in local mode.
 */
export function devStripeRoutes(deps: StripeWebhookDeps) {
  const app = new Hono();
  const { db } = deps;

  app.get("/checkout/:id", async (c) => {
    const session = await loadObject<SimCheckoutSession>(db, c.req.param("id"));
    if (!session) return c.text("No such checkout session", 404);
    if (session.status === "complete")
      return c.redirect(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id), 303);
    if (session.status === "expired") return c.text("This Checkout Session has expired.", 410);
    return c.html(
      page(
        "Checkout",
        html`<p class="note">Simulated Stripe Checkout (local mode). No card is charged.</p>
          <h1>${session.mode === "payment" ? "Pay your school" : "Pay SchoolRide"}</h1>
          <p>${session.description}</p>
          <p class="amount">${formatStripeAmount(session.amount_total, session.currency)}${session.mode === "subscription" ? html` <small>/ month</small>` : ""}</p>
          <p>${session.customer_email ?? ""}</p>
          <form method="post" action="/dev/stripe/checkout/${session.id}/pay"><button type="submit">Pay ${formatStripeAmount(session.amount_total, session.currency)}</button></form>
          ${session.cancel_url ? html`<p><a href="${session.cancel_url}">Cancel and go back</a></p>` : ""}`,
        c.get("secureHeadersNonce"),
      ),
    );
  });

  app.post("/checkout/:id/pay", async (c) => {
    const session = await loadObject<SimCheckoutSession>(db, c.req.param("id"));
    if (!session) return c.text("No such checkout session", 404);
    const successUrl = session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
    if (session.status === "complete") return c.redirect(successUrl, 303);
    if (session.status === "expired") return c.text("This Checkout Session has expired.", 410);
    const now = deps.now();
    const customer = session.customer ?? `cus_${randomHex(10)}`;
    let completed: SimCheckoutSession = { ...session, status: "complete", payment_status: "paid", customer };
    let events: ReturnType<typeof stripeEvent>[] = [];
    if (session.mode === "payment") {
      // A direct charge: the PaymentIntent and charge live on the connected account, and so do the events.
      ({ completed, events } = await payPaymentSession(db, completed, now));
    } else if (session.mode === "subscription") {
      const subscription: SimSubscription = {
        id: `sub_${randomHex(10)}`,
        object: "subscription",
        status: "active",
        customer,
        metadata: session.subscription_metadata,
        cancel_at_period_end: false,
        created: Math.floor(now.getTime() / 1000),
        items: { object: "list", data: [] },
      };
      completed.subscription = subscription.id;
      await saveObject(db, "subscription", subscription, now);
      events.push(
        stripeEvent("checkout.session.completed", completed, now),
        stripeEvent("customer.subscription.created", subscription, now),
      );
    }
    await saveObject(db, "checkout.session", completed, now);
    await deliverSimulatedEvents(deps, events);
    return c.redirect(successUrl, 303);
  });

  app.route("/payments", devStripePaymentRoutes(deps, page));

  app.get("/portal/:id", async (c) => {
    const portal = await loadObject<{ id: string; customer: string; return_url: string | null }>(db, c.req.param("id"));
    if (!portal) return c.text("No such portal session", 404);
    return c.html(
      page(
        "Billing portal",
        html`<p class="note">Simulated Stripe billing portal (local mode).</p>
          <h1>Manage your subscription</h1>
          <form method="post" action="/dev/stripe/portal/${portal.id}/status"><input type="hidden" name="status" value="canceled" /><button type="submit" class="secondary">Cancel subscription</button></form>
          <form method="post" action="/dev/stripe/portal/${portal.id}/status"><input type="hidden" name="status" value="past_due" /><button type="submit" class="secondary">Simulate a failed payment</button></form>
          <form method="post" action="/dev/stripe/portal/${portal.id}/status"><input type="hidden" name="status" value="active" /><button type="submit">Pay now and keep subscription active</button></form>
          ${portal.return_url ? html`<p><a href="${portal.return_url}">Return to SchoolRide</a></p>` : ""}`,
        c.get("secureHeadersNonce"),
      ),
    );
  });

  app.post("/portal/:id/status", async (c) => {
    const portal = await loadObject<{ id: string; customer: string; return_url: string | null }>(db, c.req.param("id"));
    if (!portal) return c.text("No such portal session", 404);
    const form = await c.req.parseBody();
    const status = String(form.status);
    if (!["canceled", "past_due", "active"].includes(status)) return c.text("Unknown status", 400);
    const subscriptionId = c.req.query("subscription") ?? (await findSubscriptionOf(deps, portal.customer));
    const subscription = subscriptionId ? await loadObject<SimSubscription>(db, subscriptionId) : null;
    if (!subscription) return c.text("This customer has no subscription", 404);
    const now = deps.now();
    const updated: SimSubscription = { ...subscription, status: status as SimSubscription["status"] };
    await saveObject(db, "subscription", updated, now);
    await deliverSimulatedEvents(deps, [
      stripeEvent(
        status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated",
        updated,
        now,
      ),
    ]);
    return c.redirect(portal.return_url ?? "/", 303);
  });

  return app;
}

async function findSubscriptionOf(deps: StripeWebhookDeps, customer: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ id: devStripeObjects.id })
    .from(devStripeObjects)
    .where(
      and(
        eq(devStripeObjects.type, "subscription"),
        sql`json_extract(${devStripeObjects.data}, '$.customer') = ${customer}`,
      ),
    )
    .orderBy(sql`${devStripeObjects.createdAt} desc`)
    .limit(1);
  return row?.id ?? null;
}
