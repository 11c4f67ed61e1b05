import { Hono } from "hono";
import { html } from "hono/html";
import { deliverSimulatedEvents, stripeEvent } from "../stripe/events.ts";
import { loadObject, saveObject } from "../stripe/simulator.ts";
import {
  accountWithRequirementsDue,
  completedAccount,
  type SimAccount,
  type SimAccountLink,
} from "../stripe/simulator-connect.ts";
import type { StripeWebhookDeps } from "../stripe/webhook.ts";
import { page } from "./dev-stripe.ts";

/** What "Leave requirements due" leaves Stripe asking for. */
export const SIMULATED_DUE_REQUIREMENTS = ["individual.verification.document", "external_account"];

/**
 * Local mode's hosted Connect onboarding (an Account Link's url). "Complete" finishes it and
 * "Leave requirements due" stops short; each sends a signed `account.updated` (with `account` set)
 * through the real webhook handler, then goes to the link's `return_url`, as Stripe does. A used
 * or expired link goes to its `refresh_url`. Mounted under /dev/stripe/connect in local mode only.
 */
export function devStripeConnectRoutes(deps: StripeWebhookDeps) {
  const app = new Hono();
  const { db } = deps;

  /** The link and its account, or where to send the browser instead. */
  async function openLink(
    linkId: string,
  ): Promise<{ link: SimAccountLink; account: SimAccount } | { redirect: string } | null> {
    const link = await loadObject<SimAccountLink>(db, linkId);
    if (link?.object !== "account_link") return null;
    if (link.used || link.expires_at * 1000 <= deps.now().getTime()) return { redirect: link.refresh_url };
    const account = await loadObject<SimAccount>(db, link.account);
    return account ? { link, account } : null;
  }

  app.get("/onboarding/:id", async (c) => {
    const opened = await openLink(c.req.param("id"));
    if (!opened) return c.text("No such account link", 404);
    if ("redirect" in opened) return c.redirect(opened.redirect, 303);
    const { link, account } = opened;
    const action = `/dev/stripe/connect/onboarding/${link.id}`;
    return c.html(
      page(
        "Connect onboarding",
        html`<p class="note">Simulated Stripe Connect onboarding (local mode). No business details are collected.</p>
          <h1>Set up payments for ${account.business_profile.name ?? "your school"}</h1>
          <p>Account <code>${account.id}</code>${account.email ? html` · ${account.email}` : ""}</p>
          <form method="post" action="${action}/complete"><button type="submit">Complete</button></form>
          <form method="post" action="${action}/requirements-due"><button type="submit" class="secondary">Leave requirements due</button></form>
          <p><a href="${link.return_url}">Return to SchoolRide without finishing</a></p>`,
        c.get("secureHeadersNonce") ?? "",
      ),
    );
  });

  for (const [path, change] of [
    ["complete", completedAccount],
    ["requirements-due", (account: SimAccount) => accountWithRequirementsDue(account, SIMULATED_DUE_REQUIREMENTS)],
  ] as const) {
    app.post(`/onboarding/:id/${path}`, async (c) => {
      const opened = await openLink(c.req.param("id"));
      if (!opened) return c.text("No such account link", 404);
      if ("redirect" in opened) return c.redirect(opened.redirect, 303);
      const now = deps.now();
      const account = change(opened.account);
      const spent: SimAccountLink = { ...opened.link, used: true };
      await saveObject(db, "account_link", spent, now);
      await saveObject(db, "account", account, now);
      await deliverSimulatedEvents(deps, [stripeEvent("account.updated", account, now, account.id)]);
      return c.redirect(opened.link.return_url, 303);
    });
  }

  return app;
}
