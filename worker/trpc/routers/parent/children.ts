import { childIdInput, createChildInput, updateChildInput } from "#shared/children.ts";
import {
  childRouteNames,
  createChild,
  deleteChild,
  listChildren,
  updateChild,
} from "#worker/services/family/children.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.children.*: My Children, always the session's family. */
export const childrenRouter = router({
  list: parentProcedure.query(({ ctx }) => listChildren(ctx.scope)),
  /** Bus route suggestions: the school's trip routes and the family's own (read-only). */
  routes: parentProcedure.query(({ ctx }) => childRouteNames(ctx.scope)),
  create: parentProcedure.input(createChildInput).mutation(({ ctx, input }) => createChild(ctx.scope, input)),
  update: parentProcedure.input(updateChildInput).mutation(({ ctx, input }) => updateChild(ctx.scope, input)),
  delete: parentProcedure.input(childIdInput).mutation(({ ctx, input }) => deleteChild(ctx.scope, input)),
});
