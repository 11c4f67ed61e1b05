import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { devStripeObjects } from "#db/schema/index.ts";
import type { stripeEvent } from "./events.ts";

/*
 * The local Stripe simulator's object store (every simulated object, by id, in dev_stripe_objects)
 * and what both its halves (simulator.ts, simulator-connect.ts) are built with.
 */

export type StripeSimulatorDeps = {
  db: Db;
  appUrl: string;
  now: () => Date;
  /** Sends the events an API call causes (as Stripe's webhooks would) through the app's webhook handler. */
  deliver?: (events: ReturnType<typeof stripeEvent>[]) => Promise<void>;
};

export async function saveObject(db: Db, type: string, object: { id: string }, now: Date): Promise<void> {
  await db
    .insert(devStripeObjects)
    .values({ id: object.id, type, data: object, createdAt: now })
    .onConflictDoUpdate({ target: devStripeObjects.id, set: { data: object } });
}

export async function loadObject<T>(db: Db, id: string): Promise<T | null> {
  const [row] = await db.select().from(devStripeObjects).where(eq(devStripeObjects.id, id));
  return (row?.data as T | undefined) ?? null;
}
