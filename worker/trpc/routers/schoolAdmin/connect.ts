import { z } from "zod";
import { VALIDATION_ERROR } from "#shared/well-formed.ts";
import {
  connectStatus,
  replaceConnectAccount,
  startConnectOnboarding,
  syncConnectStatus,
} from "#worker/services/billing/connect.ts";
import { requireSudo, router, schoolConnectProcedure } from "#worker/trpc/init.ts";

/** The account the admin saw on the page (Stripe account ids are `acct_` and letters or digits). */
const replaceConnectAccountInput = z
  .object({ currentAccountId: z.string().regex(/^acct_[A-Za-z0-9]{1,64}$/, VALIDATION_ERROR) })
  .strict();

/**
 * `/school-admin/connect-stripe`: schoolAdmin.connect.*, past the subscription gate but before the
 * Connect gate (they are how a school gets through it).
 */
export const connectRouter = router({
  status: schoolConnectProcedure.query(({ ctx }) => connectStatus(ctx.scope)),
  /** "Connect with Stripe", "Continue onboarding" and the `refresh_url`: a new Account Link. */
  startOnboarding: schoolConnectProcedure.mutation(({ ctx }) => startConnectOnboarding(ctx.scope)),
  /** Back from Stripe (`return_url`): the account's state, read from Stripe. */
  syncStatus: schoolConnectProcedure.mutation(({ ctx }) => syncConnectStatus(ctx.scope)),
  /** SE6: changing the payout account needs a recent re-authentication. */
  replaceAccount: schoolConnectProcedure
    .use(requireSudo)
    .input(replaceConnectAccountInput)
    .mutation(({ ctx, input }) => replaceConnectAccount(ctx.scope, input)),
});
