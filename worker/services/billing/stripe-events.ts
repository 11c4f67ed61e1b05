import { and, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#db/client.ts";
import { auditLogs, pendingSchools, type SubscriptionStatus, schools, stripeEvents } from "#db/schema/index.ts";
import { auditInsert, NO_REQUEST } from "../audit.ts";
import { paymentEventEffects } from "../payments/payment-events.ts";
import { accountUpdatedEffects } from "./connect-events.ts";

/** Stripe's subscription statuses in ours (spec: active, trialing, past_due, cancelled). */
export function subscriptionStatusFromStripe(status: string): SubscriptionStatus {
  switch (status) {
    case "active":
      return "active";
    case "trialing":
      return "trialing";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "cancelled";
    default:
      return "pending";
  }
}

type Effect = Parameters<Db["batch"]>[0][number];

/** Only an event newer than the one that set the current status may change it (order-independent). */
function newer(column: typeof schools.stripeStatusAt | typeof pendingSchools.stripeStatusAt, at: Date): SQL {
  return or(isNull(column), lte(column, at))!;
}

/**
 * LG1: a `subscription_status_changed` row (old → new, Stripe event id) for every school whose
 * status the update placed right after it in the batch is about to change. Same condition, read
 * before the update, so the row exists exactly when the change happens.
 */
function statusChangeAudit(db: Db, where: SQL, status: SubscriptionStatus, eventId: string, at: Date) {
  return db.run(sql`insert into ${auditLogs} ("id", "school_id", "event_type", "description", "metadata", "created_at")
    select lower(hex(randomblob(16))), ${schools.id}, 'subscription_status_changed',
      'Subscription status changed from ' || ${schools.subscriptionStatus} || ' to ' || ${status} || ' (Stripe)',
      json_object('from', ${schools.subscriptionStatus}, 'to', ${status}, 'stripe_event_id', ${eventId}), ${at.getTime()}
    from ${schools} where ${where} and ${schools.subscriptionStatus} <> ${status}`);
}

/** A webhook-driven change of schools' subscription status, with its audit row. */
function schoolStatusChange(
  db: Db,
  event: Stripe.Event,
  status: SubscriptionStatus,
  where: SQL,
  set: Partial<typeof schools.$inferInsert> = {},
): Effect[] {
  const at = new Date(event.created * 1000);
  const guarded = and(where, newer(schools.stripeStatusAt, at))!;
  return [
    statusChangeAudit(db, guarded, status, event.id, at),
    db
      .update(schools)
      .set({ ...set, subscriptionStatus: status, stripeStatusAt: at, updatedAt: at })
      .where(guarded),
  ];
}

function subscriptionEffects(
  db: Db,
  event: Stripe.Event,
  subscription: {
    id: string;
    customer: string | { id: string };
    status: string;
    metadata?: Record<string, string> | null;
  },
  at: Date,
): Effect[] {
  const status = subscriptionStatusFromStripe(subscription.status);
  const customer = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  const meta = subscription.metadata ?? {};
  const effects: Effect[] = schoolStatusChange(
    db,
    event,
    status,
    meta.schoolId
      ? or(eq(schools.stripeSubscriptionId, subscription.id), eq(schools.id, meta.schoolId))!
      : eq(schools.stripeSubscriptionId, subscription.id),
    { stripeSubscriptionId: subscription.id, stripeCustomerId: customer },
  );
  effects.push(
    db
      .update(pendingSchools)
      .set({
        subscriptionStatus: status,
        stripeStatusAt: at,
        stripeSubscriptionId: subscription.id,
        stripeCustomerId: customer,
        updatedAt: at,
      })
      .where(
        and(
          meta.pendingSchoolId
            ? or(eq(pendingSchools.stripeSubscriptionId, subscription.id), eq(pendingSchools.id, meta.pendingSchoolId))
            : eq(pendingSchools.stripeSubscriptionId, subscription.id),
          newer(pendingSchools.stripeStatusAt, at),
        ),
      ),
  );
  return effects;
}

function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const legacy = invoice.subscription;
  if (typeof legacy === "string") return legacy;
  const parent = invoice.parent as { subscription_details?: { subscription?: string | { id: string } } } | undefined;
  const nested = parent?.subscription_details?.subscription;
  return typeof nested === "string" ? nested : (nested?.id ?? null);
}

/** The database changes an event causes (none for events we do not use); a few read first. */
export async function effectsOf(db: Db, event: Stripe.Event): Promise<Effect[]> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
      const subscription =
        typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
      const pendingSchoolId = session.metadata?.pendingSchoolId;
      const schoolId = session.metadata?.schoolId;
      if (session.mode === "payment") return paymentEventEffects(db, event);
      if (session.mode !== "subscription" || session.payment_status !== "paid") return [];
      if (pendingSchoolId) {
        return [
          db
            .update(pendingSchools)
            .set({
              paymentStatus: "paid",
              // A registration already reviewed keeps its verdict.
              verificationStatus: sql`case when ${pendingSchools.verificationStatus} in ('approved', 'rejected') then ${pendingSchools.verificationStatus} else 'payment_successful' end`,
              stripeCheckoutSessionId: session.id,
              stripeCustomerId: customer,
              stripeSubscriptionId: subscription,
              updatedAt: at,
            })
            .where(eq(pendingSchools.id, pendingSchoolId)),
          db
            .update(pendingSchools)
            .set({ subscriptionStatus: "active", stripeStatusAt: at })
            .where(and(eq(pendingSchools.id, pendingSchoolId), newer(pendingSchools.stripeStatusAt, at))),
          auditInsert(
            db,
            {
              eventType: "registration_paid",
              description: "Registration payment completed",
              metadata: { pending_school_id: pendingSchoolId, checkout_session: session.id },
              at,
            },
            NO_REQUEST,
          ),
        ];
      }
      if (schoolId) {
        return [
          ...schoolStatusChange(db, event, "active", eq(schools.id, schoolId), {
            stripeCustomerId: customer,
            stripeSubscriptionId: subscription,
          }),
          auditInsert(
            db,
            {
              eventType: "subscription_restarted",
              description: "Subscription restarted through Checkout",
              schoolId,
              metadata: { checkout_session: session.id },
              at,
            },
            NO_REQUEST,
          ),
        ];
      }
      return [];
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return subscriptionEffects(db, event, event.data.object, at);
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "charge.refunded":
      return paymentEventEffects(db, event);
    case "invoice.paid":
    case "invoice.payment_failed": {
      const subscriptionId = invoiceSubscriptionId(event.data.object as unknown as Record<string, unknown>);
      if (!subscriptionId) return [];
      const status: SubscriptionStatus = event.type === "invoice.paid" ? "active" : "past_due";
      return [
        ...schoolStatusChange(db, event, status, eq(schools.stripeSubscriptionId, subscriptionId)),
        db
          .update(pendingSchools)
          .set({ subscriptionStatus: status, stripeStatusAt: at })
          .where(
            and(eq(pendingSchools.stripeSubscriptionId, subscriptionId), newer(pendingSchools.stripeStatusAt, at)),
          ),
      ];
    }
    case "account.updated":
      return accountUpdatedEffects(db, event);
    default:
      return [];
  }
}

/**
 * Applies a verified event exactly once: the event id is inserted in the same batch as its effect,
 * so a duplicate (sequential or concurrent) fails on the primary key and changes nothing.
 */
export async function applyStripeEvent(db: Db, event: Stripe.Event, now: Date): Promise<"applied" | "duplicate"> {
  try {
    await db.batch([
      db
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, eventCreatedAt: new Date(event.created * 1000), processedAt: now }),
      ...(await effectsOf(db, event)),
    ]);
    return "applied";
  } catch (error) {
    const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
    if (seen) return "duplicate";
    throw error;
  }
}
