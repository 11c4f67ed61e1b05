import { Hono } from "hono";
import type { Db } from "#db/client.ts";
import { devStripeObjects } from "#db/schema/index.ts";
import { randomHex } from "../auth/crypto.ts";
import { loadObject, type StripeSimulatorDeps, saveObject } from "./simulator-store.ts";

/**
 * Local mode's Connect endpoints (accounts and Account Links) for the real SDK. The hosted
 * onboarding is the dev page in http/dev-stripe-connect.ts.
 */

export type SimAccount = {
  id: string;
  object: "account";
  type: "standard";
  email: string | null;
  business_profile: { name: string | null };
  metadata: Record<string, string>;
  /** The payout currency (lowercase): the one asked for at creation, else the platform's. */
  default_currency: string;
  controller: { fees: { payer: string }; losses: { payments: string }; stripe_dashboard: { type: string } };
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  created: number;
};

export type SimAccountLink = {
  id: string;
  object: "account_link";
  account: string;
  url: string;
  refresh_url: string;
  return_url: string;
  created: number;
  expires_at: number;
  used: boolean;
};

/** What Stripe asks a new account for before it can charge (a subset of a real first-run list). */
export const ONBOARDING_REQUIREMENTS = [
  "business_profile.url",
  "external_account",
  "tos_acceptance.date",
  "tos_acceptance.ip",
];

/** Account Links expire after a few minutes (Stripe's are short-lived and single use). */
export const ACCOUNT_LINK_TTL_SECONDS = 300;

/** The account after the dev page's "Complete": onboarding done, nothing due, charges and payouts on. */
export function completedAccount(account: SimAccount): SimAccount {
  return {
    ...account,
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
    requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
  };
}

/** After "Leave requirements due": the form was sent, but Stripe still needs things and disabled charges. */
export function accountWithRequirementsDue(account: SimAccount, due: string[]): SimAccount {
  return {
    ...account,
    details_submitted: true,
    charges_enabled: false,
    payouts_enabled: false,
    requirements: { currently_due: due, eventually_due: due, past_due: due, disabled_reason: "requirements.past_due" },
  };
}

/** A simulated account in its first state (also how the demo seed makes its already onboarded one). */
export function newSimAccount(
  id: string,
  params: { email: string | null; name: string | null; metadata: Record<string, string>; currency?: string | null },
  created: number,
): SimAccount {
  return {
    id,
    object: "account",
    type: "standard",
    email: params.email,
    business_profile: { name: params.name },
    metadata: params.metadata,
    default_currency: params.currency ?? "usd",
    controller: { fees: { payer: "account" }, losses: { payments: "stripe" }, stripe_dashboard: { type: "full" } },
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
    requirements: {
      currently_due: [...ONBOARDING_REQUIREMENTS],
      eventually_due: [...ONBOARDING_REQUIREMENTS],
      past_due: [],
      disabled_reason: "requirements.past_due",
    },
    created,
  };
}

/** Writes `object` under `id` only if nothing has that id yet; true when this call wrote it. */
async function saveOnce(db: Db, type: string, id: string, object: { id: string }, now: Date): Promise<boolean> {
  const result = await db
    .insert(devStripeObjects)
    .values({ id, type, data: object, createdAt: now })
    .onConflictDoNothing();
  return result.rowsAffected === 1;
}

/** Local mode: the demo school's account exists in the simulator (idempotent: an existing one is kept). */
export async function seedSimulatedAccount(db: Db, account: SimAccount, now: Date): Promise<void> {
  await saveOnce(db, "account", account.id, account, now);
}

function stripeError(message: string, status = 400) {
  return Response.json({ error: { type: "invalid_request_error", message } }, { status });
}

/** `metadata[key]=value` entries of a form body. */
function metadataOf(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key.startsWith("metadata[") && key.endsWith("]")) out[key.slice("metadata[".length, -1)] = value;
  }
  return out;
}

export function connectSimulatorRoutes(deps: StripeSimulatorDeps) {
  const { db } = deps;
  const app = new Hono();
  const seconds = () => Math.floor(deps.now().getTime() / 1000);

  app.post("/v1/accounts", async (c) => {
    const params = new URLSearchParams(await c.req.text());
    const now = deps.now();
    const account = newSimAccount(
      `acct_${randomHex(8)}`,
      {
        email: params.get("email"),
        name: params.get("business_profile[name]"),
        metadata: metadataOf(params),
        currency: params.get("default_currency"),
      },
      seconds(),
    );
    const idempotencyKey = c.req.header("idempotency-key");
    if (idempotencyKey) {
      // Claimed atomically, so concurrent requests with one key make one account, as Stripe does.
      const key = `idem_${idempotencyKey}`;
      if (!(await saveOnce(db, "idempotency", key, account, now))) return c.json(await loadObject<SimAccount>(db, key));
    }
    await saveObject(db, "account", account, now);
    return c.json(account);
  });

  app.get("/v1/accounts/:id", async (c) => {
    const account = await loadObject<SimAccount>(db, c.req.param("id"));
    return account?.object === "account"
      ? c.json(account)
      : stripeError(`No such account: '${c.req.param("id")}'`, 404);
  });

  app.post("/v1/account_links", async (c) => {
    const params = new URLSearchParams(await c.req.text());
    const accountId = params.get("account");
    const refreshUrl = params.get("refresh_url");
    const returnUrl = params.get("return_url");
    if (params.get("type") !== "account_onboarding") return stripeError("Invalid type: must be account_onboarding.");
    if (!accountId || !refreshUrl || !returnUrl)
      return stripeError("Missing required param: account, refresh_url or return_url.");
    const account = await loadObject<SimAccount>(db, accountId);
    if (account?.object !== "account") return stripeError(`No such account: '${accountId}'`, 404);
    const id = `acctlink_${randomHex(12)}`;
    const created = seconds();
    const link: SimAccountLink = {
      id,
      object: "account_link",
      account: accountId,
      url: `${deps.appUrl}/dev/stripe/connect/onboarding/${id}`,
      refresh_url: refreshUrl,
      return_url: returnUrl,
      created,
      expires_at: created + ACCOUNT_LINK_TTL_SECONDS,
      used: false,
    };
    await saveObject(db, "account_link", link, deps.now());
    const { used: _used, id: _id, account: _account, refresh_url: _refresh, return_url: _return, ...answer } = link;
    return c.json(answer);
  });

  return app;
}
