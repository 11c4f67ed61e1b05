import { importPupilsInput } from "#shared/pupils.ts";
import { commitPupilImport, previewPupilImport } from "#worker/services/pupils/import.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.pupils.*: pupils and their guardians from a CSV (ADR 0053). */
export const pupilsRouter = router({
  /**
   * CSV import (as the riders import, ADR 0052): `preview` writes nothing (a mutation only because
   * the file is too large for a query's URL); `commit` writes every pupil or none and queues the
   * new guardians' invitations.
   */
  import: router({
    preview: schoolAdminProcedure
      .input(importPupilsInput)
      .mutation(({ ctx, input }) => previewPupilImport(ctx.scope, input, ctx.locale)),
    commit: schoolAdminProcedure
      .input(importPupilsInput)
      .mutation(({ ctx, input }) => commitPupilImport(ctx.scope, input, ctx.locale)),
  }),
});
