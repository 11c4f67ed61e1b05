import { eq } from "drizzle-orm";
import { schools } from "#db/schema/index.ts";
import { planForPupils } from "#shared/registration.ts";
import { said } from "#shared/said.ts";
import type { AppDeps } from "#worker/deps.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";

type BillingDeps = Pick<AppDeps, "db" | "config" | "now" | "stripe" | "logger">;

export const BILLING_MESSAGES = {
  noCustomer: "There is no billing account for this school yet. Restart the subscription first.",
  checkoutFailed: "Failed to create payment session. Please try again.",
  portalFailed: "Failed to open the billing portal. Please try again.",
} as const;

async function schoolOf(deps: BillingDeps, schoolId: string) {
  const [school] = await deps.db.select().from(schools).where(eq(schools.id, schoolId));
  if (!school) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "School not found" }));
  return school;
}

/** What the subscribe page shows. */
export async function subscriptionState(scope: SchoolScope) {
  const school = await schoolOf(scope.deps, scope.schoolId);
  return {
    schoolName: school.name,
    status: school.subscriptionStatus,
    plan: school.plan ?? planForPupils(school.pupilCount ?? 0),
    hasBillingAccount: school.stripeCustomerId !== null,
  };
}

/** Restart or repair: a new subscription through Checkout, for the school's plan. */
export async function startSubscriptionCheckout(scope: SchoolScope) {
  const { deps, schoolId } = scope;
  const school = await schoolOf(deps, schoolId);
  const plan = school.plan ?? planForPupils(school.pupilCount ?? 0);
  const appUrl = deps.config.appUrl;
  try {
    const session = await deps.stripe.checkout.sessions.create(
      {
        mode: "subscription",
        line_items: [{ price: deps.config.stripePrices[plan], quantity: 1 }],
        ...(school.stripeCustomerId ? { customer: school.stripeCustomerId } : { customer_email: school.email }),
        client_reference_id: school.id,
        metadata: { schoolId: school.id },
        subscription_data: { metadata: { schoolId: school.id } },
        success_url: `${appUrl}/school-admin/subscribe?checkout=success`,
        cancel_url: `${appUrl}/school-admin/subscribe`,
      },
      // One session per school per hour: a double click reuses it.
      { idempotencyKey: `school-checkout-${school.id}-${scope.now.toISOString().slice(0, 13)}` },
    );
    if (!session.url) throw new Error("no checkout url");
    return { checkout_url: session.url };
  } catch (error) {
    deps.logger.error("stripe: subscription checkout failed", {
      schoolId,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError("BAD_REQUEST", BILLING_MESSAGES.checkoutFailed);
  }
}

/** The Stripe billing portal for the school's customer (update card, cancel, resume). */
export async function openBillingPortal(scope: SchoolScope) {
  const { deps } = scope;
  const school = await schoolOf(deps, scope.schoolId);
  if (!school.stripeCustomerId) throw new AppError("BAD_REQUEST", BILLING_MESSAGES.noCustomer);
  try {
    const portal = await deps.stripe.billingPortal.sessions.create(
      { customer: school.stripeCustomerId, return_url: `${deps.config.appUrl}/school-admin/subscribe` },
      // ST4: one session per school per minute, so a double click or a retry reuses it. Portal
      // sessions are short-lived, so the window is a minute rather than the checkout's hour.
      { idempotencyKey: `school-portal-${school.id}-${scope.now.toISOString().slice(0, 16)}` },
    );
    return { url: portal.url };
  } catch (error) {
    deps.logger.error("stripe: billing portal failed", {
      schoolId: school.id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError("BAD_REQUEST", BILLING_MESSAGES.portalFailed);
  }
}
