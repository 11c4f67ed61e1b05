import { familyOverview } from "../../../services/family/overview.ts";
import { parentProcedure, router } from "../../init.ts";
import { parentAccountRouter } from "../_shared/account.ts";

/** parent.*: the school is the session's, and so is the family. */
export const parentRouter = router({
  /** The parent's school and children. */
  overview: parentProcedure.query(({ ctx }) => familyOverview(ctx.scope)),
  /** `/parent/account`: download or erase my data (GD1). */
  account: parentAccountRouter,
});
