import { randomHex } from "../auth/crypto.ts";
import { stripeCryptoProvider } from "./crypto.ts";
import type { StripeWebhookDeps } from "./webhook.ts";
import { handleStripeWebhook } from "./webhook.ts";

/**
 * A Stripe event as the API sends it (enough of it for our handler and the SDK's parser). Events of a
 * connected account (Connect) carry its id in `account`.
 */
export function stripeEvent(type: string, object: Record<string, unknown>, created: Date, account?: string) {
  return {
    id: `evt_${randomHex(12)}`,
    object: "event",
    ...(account ? { account } : {}),
    api_version: "2026-10-28.endive",
    created: Math.floor(created.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Signs a payload exactly as Stripe does (`t=…,v1=…`), for the simulator and for tests. */
export function signStripePayload(
  deps: Pick<StripeWebhookDeps, "stripe" | "webhookSecret">,
  payload: string,
  at: Date,
): Promise<string> {
  return deps.stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: deps.webhookSecret,
    timestamp: Math.floor(at.getTime() / 1000),
    cryptoProvider: stripeCryptoProvider,
  });
}

/** Local mode: delivers simulated events through the real webhook handler, signature included. */
export async function deliverSimulatedEvents(
  deps: StripeWebhookDeps,
  events: ReturnType<typeof stripeEvent>[],
): Promise<void> {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const signature = await signStripePayload(deps, payload, deps.now());
    const result = await handleStripeWebhook(deps, payload, signature);
    if (result.status !== 200) throw new Error(`simulated webhook refused: ${JSON.stringify(result.body)}`);
  }
}
