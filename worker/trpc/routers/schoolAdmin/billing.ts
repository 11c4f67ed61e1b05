import {
  openBillingPortal,
  startSubscriptionCheckout,
  subscriptionState,
} from "#worker/services/billing/subscription.ts";
import { router, schoolBillingProcedure } from "#worker/trpc/init.ts";

/** `/school-admin/subscribe`: schoolAdmin.billing.*, reachable whatever the subscription's state. */
export const billingRouter = router({
  status: schoolBillingProcedure.query(({ ctx }) => subscriptionState(ctx.scope)),
  startCheckout: schoolBillingProcedure.mutation(({ ctx }) => startSubscriptionCheckout(ctx.scope)),
  openPortal: schoolBillingProcedure.mutation(({ ctx }) => openBillingPortal(ctx.scope)),
});
