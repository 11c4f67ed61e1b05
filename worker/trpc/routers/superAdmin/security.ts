import { confirmEnrollmentInput } from "#shared/mfa.ts";
import {
  beginEnrollment,
  confirmEnrollment,
  disableMfa,
  mfaStatus,
  regenerateRecoveryCodes,
} from "#worker/services/auth/mfa.ts";
import { router, superAdminEnrollmentProcedure, superAdminSudoProcedure } from "#worker/trpc/init.ts";

/**
 * A super admin's two-factor authentication (superAdmin.security.*). Status and enrolment work
 * before MFA is on (production sends an un-enrolled super admin here); turning it off and new
 * recovery codes need sudo mode.
 */
export const securityRouter = router({
  status: superAdminEnrollmentProcedure.query(({ ctx }) => mfaStatus(ctx.scope)),
  beginEnrollment: superAdminEnrollmentProcedure.mutation(({ ctx }) => beginEnrollment(ctx.scope)),
  confirmEnrollment: superAdminEnrollmentProcedure
    .input(confirmEnrollmentInput)
    .mutation(({ ctx, input }) => confirmEnrollment(ctx.scope, input)),
  disable: superAdminSudoProcedure.mutation(({ ctx }) => disableMfa(ctx.scope)),
  regenerateRecoveryCodes: superAdminSudoProcedure.mutation(({ ctx }) => regenerateRecoveryCodes(ctx.scope)),
});
