import { confirmEnrolmentInput } from "#shared/mfa.ts";
import { beginEnrolment, confirmEnrolment, disableMfa, mfaStatus, regenerateRecoveryCodes } from "../../../services/auth/mfa.ts";
import { router, superAdminEnrolmentProcedure, superAdminSudoProcedure } from "../../init.ts";

/**
 * A super admin's two-factor authentication (superAdmin.security.*). Status and enrolment work
 * before MFA is on (production sends an un-enrolled super admin here); turning it off and new
 * recovery codes need sudo mode.
 */
export const securityRouter = router({
  status: superAdminEnrolmentProcedure.query(({ ctx }) => mfaStatus(ctx.scope)),
  beginEnrolment: superAdminEnrolmentProcedure.mutation(({ ctx }) => beginEnrolment(ctx.scope)),
  confirmEnrolment: superAdminEnrolmentProcedure.input(confirmEnrolmentInput).mutation(({ ctx, input }) => confirmEnrolment(ctx.scope, input)),
  disable: superAdminSudoProcedure.mutation(({ ctx }) => disableMfa(ctx.scope)),
  regenerateRecoveryCodes: superAdminSudoProcedure.mutation(({ ctx }) => regenerateRecoveryCodes(ctx.scope)),
});
