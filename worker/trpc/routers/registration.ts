import { z } from "zod";
import { checkoutSchema, registrationSchema, resendCodeSchema, verifyEmailSchema } from "../../schemas/registration.ts";
import {
  createRegistrationCheckout,
  registerSchool,
  registrationCheckoutStatus,
  resendCode,
  verifyEmail,
} from "../../services/registration/register.ts";
import { publicProcedure, router } from "../init.ts";

/** The server half of the shared step-1 rules; the start date is checked against the clock in the service. */
const registerInput = registrationSchema("");

/** `/get-started`: the spec's register-school, verify-email and create-checkout-session, plus what the real flow needs. */
export const registrationRouter = router({
  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => registerSchool(ctx.deps, input, ctx.meta)),

  verifyEmail: publicProcedure.input(verifyEmailSchema).mutation(({ ctx, input }) => verifyEmail(ctx.deps, input, ctx.meta)),

  resendCode: publicProcedure.input(resendCodeSchema).mutation(({ ctx, input }) => resendCode(ctx.deps, input, ctx.meta)),

  createCheckoutSession: publicProcedure.input(checkoutSchema).mutation(({ ctx, input }) => createRegistrationCheckout(ctx.deps, input)),

  checkoutStatus: publicProcedure
    .input(z.object({ sessionId: z.string().trim().min(1).max(255) }).strict())
    .query(({ ctx, input }) => registrationCheckoutStatus(ctx.deps, input.sessionId)),
});
