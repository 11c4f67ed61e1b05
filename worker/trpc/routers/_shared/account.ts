import { requestErasureInput } from "#shared/privacy.ts";
import { serializeClearedSessionCookie } from "../../../auth/cookie.ts";
import { requestErasure } from "../../../services/privacy/erase.ts";
import { exportData } from "../../../services/privacy/export.ts";
import { parentProcedure, router, schoolBillingProcedure } from "../../init.ts";

/**
 * GD1: "Download my data" and "Delete my account" for a role (`<role>.account.*`). The subject is
 * the session's user. School admins reach it whatever their subscription (a data right does not
 * depend on paying).
 */
function accountRouter(procedure: typeof parentProcedure | typeof schoolBillingProcedure) {
  return router({
    exportData: procedure.mutation(({ ctx }) => exportData(ctx.scope)),
    requestErasure: procedure.input(requestErasureInput).mutation(async ({ ctx, input }) => {
      await requestErasure(ctx.scope, input);
      ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie(ctx.deps.config));
      return { erased: true as const };
    }),
  });
}

export const parentAccountRouter = accountRouter(parentProcedure);
export const schoolAdminAccountRouter = accountRouter(schoolBillingProcedure);
