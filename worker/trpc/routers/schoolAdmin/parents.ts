import { listParentsInput, setParentActiveInput } from "#shared/parents.ts";
import { listParents, setParentActive } from "#worker/services/parents/directory.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** `/school-admin/parents`, the accounts: schoolAdmin.parents.*. The school is the session's. */
export const parentsRouter = router({
  list: schoolAdminProcedure.input(listParentsInput).query(({ ctx, input }) => listParents(ctx.scope, input)),
  setActive: schoolAdminProcedure
    .input(setParentActiveInput)
    .mutation(({ ctx, input }) => setParentActive(ctx.scope, input)),
});
