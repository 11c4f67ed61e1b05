import { z } from "zod";
import {
  createCheckoutSessionInput,
  registrationSchema,
  resendCodeInput,
  resumeRegistrationInput,
  updateRegistrationSchema,
  verifyEmailInput,
} from "#shared/registration.ts";
import {
  checkoutStatus,
  createCheckoutSession,
  registerSchool,
  resendCode,
  updateRegistration,
  verifyEmail,
} from "#worker/services/registration/register.ts";
import { resumeRegistration } from "#worker/services/registration/resume.ts";
import { publicProcedure, router } from "#worker/trpc/init.ts";

/** The server half of the shared step-1 rules; the start date is checked against the clock in the service. */
const registerSchoolInput = registrationSchema("");
const updateRegistrationInput = updateRegistrationSchema("");
/** The Checkout session the tab came back from: server-only. */
const checkoutStatusInput = z.object({ sessionId: z.string().trim().min(1).max(255) }).strict();

/** `/get-started`: the spec's register-school, verify-email and create-checkout-session, plus what the real flow needs. */
export const registrationRouter = router({
  register: publicProcedure.input(registerSchoolInput).mutation(({ ctx, input }) => registerSchool(ctx.scope, input)),

  /** Step 1 again after Previous: updates the wizard's registration instead of creating another. */
  update: publicProcedure
    .input(updateRegistrationInput)
    .mutation(({ ctx, input }) => updateRegistration(ctx.scope, input)),

  /** The resume link (verification e-mail, or the tab coming back from Checkout). */
  resume: publicProcedure
    .input(resumeRegistrationInput)
    .mutation(({ ctx, input }) => resumeRegistration(ctx.scope, input)),

  verifyEmail: publicProcedure.input(verifyEmailInput).mutation(({ ctx, input }) => verifyEmail(ctx.scope, input)),

  resendCode: publicProcedure.input(resendCodeInput).mutation(({ ctx, input }) => resendCode(ctx.scope, input)),

  createCheckoutSession: publicProcedure
    .input(createCheckoutSessionInput)
    .mutation(({ ctx, input }) => createCheckoutSession(ctx.scope, input)),

  checkoutStatus: publicProcedure
    .input(checkoutStatusInput)
    .query(({ ctx, input }) => checkoutStatus(ctx.scope, input)),
});
