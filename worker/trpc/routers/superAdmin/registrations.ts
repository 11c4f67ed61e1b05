import { z } from "zod";
import { approveRegistrationInput, rejectRegistrationInput } from "#shared/registration.ts";
import { approveRegistration, pendingRegistrations, rejectRegistration } from "#worker/services/registration/review.ts";
import { router, superAdminProcedure } from "#worker/trpc/init.ts";

/** How many pending registrations to list (the dashboard shows the first 3): server-only. */
const pendingRegistrationsInput = z.object({ limit: z.number().int().min(1).max(100).default(100) }).strict();

/** Registrations awaiting review: superAdmin.registrations.*; the reviewer is the signed-in super admin. */
export const registrationsRouter = router({
  pending: superAdminProcedure
    .input(pendingRegistrationsInput)
    .query(({ ctx, input }) => pendingRegistrations(ctx.scope, input)),
  /** approve-school-registration. */
  approve: superAdminProcedure
    .input(approveRegistrationInput)
    .mutation(({ ctx, input }) => approveRegistration(ctx.scope, input)),
  /** reject-school-registration; the reason is optional. */
  reject: superAdminProcedure
    .input(rejectRegistrationInput)
    .mutation(({ ctx, input }) => rejectRegistration(ctx.scope, input)),
});
