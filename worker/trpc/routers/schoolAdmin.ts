import { schoolOverview } from "../../services/schools/overview.ts";
import { router, schoolAdminProcedure } from "../init.ts";

export const schoolAdminRouter = router({
  /** The admin's school and its headline counts. */
  overview: schoolAdminProcedure.query(({ ctx }) => schoolOverview(ctx.deps.db, ctx.schoolId)),
});
