import { familyOverview } from "../../services/family/overview.ts";
import { parentProcedure, router } from "../init.ts";
import { parentAccountRouter } from "./account.ts";

export const parentRouter = router({
  /** The parent's school and children. */
  overview: parentProcedure.query(({ ctx }) => familyOverview(ctx.deps.db, { parentId: ctx.parentId, schoolId: ctx.schoolId })),
  /** `/parent/account`: download or erase my data (GD1). */
  account: parentAccountRouter,
});
