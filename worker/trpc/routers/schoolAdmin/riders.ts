import { assignRiderInput, riderCandidatesInput, riderIdInput, ridersOfRouteInput } from "#shared/riders.ts";
import { importRidersInput } from "#shared/route-imports.ts";
import { applyRiderImport, previewRiderImport } from "#worker/services/routes/imports.ts";
import { assignRider, listRidersOfRoute, riderCandidates, unassignRider } from "#worker/services/routes/riders.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.riders.*: children on routes (a stop, weekdays, dates), bounded by the bus's seats (ADR 0046). */
export const ridersRouter = router({
  assign: schoolAdminProcedure.input(assignRiderInput).mutation(({ ctx, input }) => assignRider(ctx.scope, input)),
  unassign: schoolAdminProcedure.input(riderIdInput).mutation(({ ctx, input }) => unassignRider(ctx.scope, input)),
  /** The school's children by a part of their name, to assign. */
  candidates: schoolAdminProcedure
    .input(riderCandidatesInput)
    .query(({ ctx, input }) => riderCandidates(ctx.scope, input, ctx.locale)),
  list: schoolAdminProcedure.input(ridersOfRouteInput).query(({ ctx, input }) => listRidersOfRoute(ctx.scope, input)),
  /**
   * CSV import of assignments (ADR 0052): `preview` writes nothing (a mutation only because the file
   * is too large for a query's URL); `commit` assigns every row or none (`apply` is a name tRPC reserves).
   */
  import: router({
    preview: schoolAdminProcedure
      .input(importRidersInput)
      .mutation(({ ctx, input }) => previewRiderImport(ctx.scope, input, ctx.locale)),
    commit: schoolAdminProcedure
      .input(importRidersInput)
      .mutation(({ ctx, input }) => applyRiderImport(ctx.scope, input, ctx.locale)),
  }),
});
