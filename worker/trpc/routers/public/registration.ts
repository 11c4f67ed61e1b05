import { z } from "zod";
import { checkoutSchema, registrationSchema, resendCodeSchema, resumeSchema, updateRegistrationSchema, verifyEmailSchema } from "#shared/registration.ts";
import { checkoutStatus, createCheckoutSession, registerSchool, resendCode, updateRegistration, verifyEmail } from "../../../services/registration/register.ts";
import { resumeRegistration } from "../../../services/registration/resume.ts";
import { publicProcedure, router } from "../../init.ts";

/** The server half of the shared step-1 rules; the start date is checked against the clock in the service. */
const registerInput = registrationSchema("");
const updateInput = updateRegistrationSchema("");
/** The Checkout session the tab came back from: server-only. */
const checkoutStatusInput = z.object({ sessionId: z.string().trim().min(1).max(255) }).strict();

/** `/get-started`: the spec's register-school, verify-email and create-checkout-session, plus what the real flow needs. */
export const registrationRouter = router({
  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => registerSchool(ctx.scope, input)),

  /** Step 1 again after Previous: updates the wizard's registration instead of creating another. */
  update: publicProcedure.input(updateInput).mutation(({ ctx, input }) => updateRegistration(ctx.scope, input)),

  /** The resume link (verification e-mail, or the tab coming back from Checkout). */
  resume: publicProcedure.input(resumeSchema).mutation(({ ctx, input }) => resumeRegistration(ctx.scope, input)),

  verifyEmail: publicProcedure.input(verifyEmailSchema).mutation(({ ctx, input }) => verifyEmail(ctx.scope, input)),

  resendCode: publicProcedure.input(resendCodeSchema).mutation(({ ctx, input }) => resendCode(ctx.scope, input)),

  createCheckoutSession: publicProcedure.input(checkoutSchema).mutation(({ ctx, input }) => createCheckoutSession(ctx.scope, input)),

  checkoutStatus: publicProcedure.input(checkoutStatusInput).query(({ ctx, input }) => checkoutStatus(ctx.scope, input)),
});
