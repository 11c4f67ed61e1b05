import { confirmEnrolmentSchema } from "#shared/mfa.ts";
import { beginEnrolment, confirmEnrolment, disableMfa, mfaStatus, regenerateRecoveryCodes } from "../../services/auth/mfa.ts";
import { router, superAdminEnrolmentProcedure, superAdminSudoProcedure } from "../init.ts";

/**
 * A super admin's two-factor authentication (superAdmin.security.*). Status and enrolment work
 * before MFA is on (production sends an un-enrolled super admin here); turning it off and new
 * recovery codes need sudo mode.
 */
export const securityRouter = router({
  status: superAdminEnrolmentProcedure.query(({ ctx }) => mfaStatus(ctx.deps.db, ctx.user.id, !ctx.deps.config.localMode)),

  beginEnrolment: superAdminEnrolmentProcedure.mutation(({ ctx }) => beginEnrolment(ctx.deps.db, ctx.user, ctx.deps.now())),

  confirmEnrolment: superAdminEnrolmentProcedure
    .input(confirmEnrolmentSchema)
    .mutation(({ ctx, input }) => confirmEnrolment(ctx.deps.db, ctx.user, input.code, { meta: ctx.meta, now: ctx.deps.now() })),

  disable: superAdminSudoProcedure.mutation(({ ctx }) => disableMfa(ctx.deps.db, ctx.user, { meta: ctx.meta, now: ctx.deps.now() })),

  regenerateRecoveryCodes: superAdminSudoProcedure.mutation(({ ctx }) =>
    regenerateRecoveryCodes(ctx.deps.db, ctx.user, { meta: ctx.meta, now: ctx.deps.now() }),
  ),
});
