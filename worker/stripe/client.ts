import Stripe from "stripe";
import type { Db } from "../../db/client.ts";
import { createStripeSimulator } from "./simulator.ts";

/** Local mode: the simulator accepts this key and signs its webhooks with this secret. */
export const LOCAL_STRIPE_KEY = "sk_test_local_simulator";
export const LOCAL_WEBHOOK_SECRET = "whsec_local_simulator";
export const LOCAL_STRIPE_HOST = "stripe-simulator.local";

/** SubtleCrypto works in workerd and Node; Stripe's default Node provider does not exist in workerd. */
export const stripeCryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * The real Stripe SDK on the fetch HTTP client. Without a secret key (local mode) the same calls go
 * to the simulator through `simulatorFetch`: the code path is the production one up to HTTP.
 */
export function createStripe(options: { secretKey: string | undefined; simulatorFetch?: typeof fetch }): Stripe {
  if (options.secretKey) {
    return new Stripe(options.secretKey, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2 });
  }
  if (!options.simulatorFetch) throw new Error("Local mode needs the Stripe simulator");
  return new Stripe(LOCAL_STRIPE_KEY, {
    httpClient: Stripe.createFetchHttpClient(options.simulatorFetch),
    host: LOCAL_STRIPE_HOST,
    protocol: "http",
    port: 80,
    maxNetworkRetries: 0,
  });
}

export type { Stripe };

/** Stripe for an entry: the real API with a key, else the simulator on the app's own database. */
export function stripeForConfig(
  config: { stripeSecretKey: string | undefined; stripeWebhookSecret: string | undefined; appUrl: string },
  simulatorDeps: { db: Db; now: () => Date },
): { stripe: Stripe; stripeWebhookSecret: string } {
  if (config.stripeSecretKey) {
    return { stripe: createStripe({ secretKey: config.stripeSecretKey }), stripeWebhookSecret: config.stripeWebhookSecret ?? "" };
  }
  const simulator = createStripeSimulator({ ...simulatorDeps, appUrl: config.appUrl });
  return { stripe: createStripe({ secretKey: undefined, simulatorFetch: simulator.fetch }), stripeWebhookSecret: LOCAL_WEBHOOK_SECRET };
}
