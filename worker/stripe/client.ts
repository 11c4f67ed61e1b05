import Stripe from "stripe";
import type { Db } from "#db/client.ts";
import type { Logger } from "../deps.ts";
import type { QueueProducer } from "../platform.ts";
import { deliverSimulatedEvents, type stripeEvent } from "./events.ts";
import { createStripeSimulator } from "./simulator.ts";

/** Local mode: the simulator accepts this key and signs its webhooks with this secret. */
export const LOCAL_STRIPE_KEY = "sk_test_local_simulator";
export const LOCAL_WEBHOOK_SECRET = "whsec_local_simulator";
export const LOCAL_STRIPE_HOST = "stripe-simulator.local";

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
  simulatorDeps: {
    db: Db;
    now: () => Date;
    logger: Logger;
    queue: QueueProducer;
    /** Tests only: where the simulator's events go instead of the webhook (to deliver them late, reordered, twice). */
    divertEvents?: (events: ReturnType<typeof stripeEvent>[]) => void;
  },
): { stripe: Stripe; stripeWebhookSecret: string } {
  if (config.stripeSecretKey) {
    return {
      stripe: createStripe({ secretKey: config.stripeSecretKey }),
      stripeWebhookSecret: config.stripeWebhookSecret ?? "",
    };
  }
  // The simulator sends the events an API call causes (a refund's `charge.refunded`) through the real
  // webhook handler, which needs the client being built here: bound once it exists.
  const webhookDeps = {
    ...simulatorDeps,
    webhookSecret: LOCAL_WEBHOOK_SECRET,
    stripe: undefined as Stripe | undefined,
  };
  const simulator = createStripeSimulator({
    db: simulatorDeps.db,
    now: simulatorDeps.now,
    appUrl: config.appUrl,
    deliver: async (events) => {
      if (simulatorDeps.divertEvents) simulatorDeps.divertEvents(events);
      else if (webhookDeps.stripe) await deliverSimulatedEvents({ ...webhookDeps, stripe: webhookDeps.stripe }, events);
    },
  });
  webhookDeps.stripe = createStripe({ secretKey: undefined, simulatorFetch: simulator.fetch });
  return { stripe: webhookDeps.stripe, stripeWebhookSecret: LOCAL_WEBHOOK_SECRET };
}
