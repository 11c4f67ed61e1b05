import { serializeClearedSessionCookie } from "../../auth/cookie.ts";
import { requestErasureSchema } from "#shared/privacy.ts";
import { eraseAccount } from "../../services/privacy/erase.ts";
import { exportPersonalData, type DataSubject } from "../../services/privacy/export.ts";
import { parentProcedure, router, schoolBillingProcedure, type Context } from "../init.ts";

type AccountCtx = Context & { user: { id: string }; schoolId: string };

/**
 * GD1: "Download my data" and "Delete my account" for a role. The subject is the session's user.
 * School admins reach it whatever their subscription (a data right does not depend on paying).
 */
function accountRouter(procedure: typeof parentProcedure | typeof schoolBillingProcedure, role: DataSubject["role"]) {
  const subjectOf = (ctx: AccountCtx): DataSubject => ({ id: ctx.user.id, role, schoolId: ctx.schoolId });
  return router({
    exportData: procedure.mutation(({ ctx }) => exportPersonalData(ctx.deps.db, subjectOf(ctx), ctx.meta, ctx.deps.now())),
    requestErasure: procedure.input(requestErasureSchema).mutation(async ({ ctx, input }) => {
      await eraseAccount(ctx.deps.db, subjectOf(ctx), input.password, ctx.meta, ctx.deps.now());
      ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie(ctx.deps.config));
      return { erased: true as const };
    }),
  });
}

export const parentAccountRouter = accountRouter(parentProcedure, "parent");
export const schoolAdminAccountRouter = accountRouter(schoolBillingProcedure, "school_admin");
