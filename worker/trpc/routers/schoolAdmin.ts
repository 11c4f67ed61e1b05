import { invitationIdSchema, inviteParentSchema, resendInvitationSchema } from "#shared/invitations.ts";
import { parentDirectorySchema, parentInvitationListSchema, setParentActiveSchema } from "#shared/parents.ts";
import { createInvitation } from "../../services/invitations/create.ts";
import { resendInvitation, revokeInvitation } from "../../services/invitations/manage.ts";
import { listParentInvitations, listParents, setParentActive } from "../../services/parents/directory.ts";
import { schoolOverview } from "../../services/schools/overview.ts";
import { actorOf } from "../actor.ts";
import { openBillingPortal, startSubscriptionCheckout, subscriptionState } from "../../services/billing/subscription.ts";
import { router, schoolAdminProcedure, schoolBillingProcedure } from "../init.ts";
import { schoolAdminAccountRouter } from "./account.ts";

/** `/school-admin/parents`: the school's parents and their invitations. The school is the session's. */
const parentsRouter = router({
  list: schoolAdminProcedure.input(parentDirectorySchema).query(({ ctx, input }) => listParents(ctx.deps.db, ctx.schoolId, input)),

  invitations: schoolAdminProcedure
    .input(parentInvitationListSchema)
    .query(({ ctx, input }) => listParentInvitations(ctx.deps.db, ctx.schoolId, input, ctx.deps.now())),

  invite: schoolAdminProcedure.input(inviteParentSchema).mutation(async ({ ctx, input }) => {
    const invitation = await createInvitation(ctx.deps, { role: "parent", ...input, schoolId: ctx.schoolId }, actorOf(ctx.user), ctx.meta);
    return { id: invitation.id, email: invitation.email, expiresAt: invitation.expiresAt };
  }),

  resendInvite: schoolAdminProcedure
    .input(resendInvitationSchema)
    .mutation(({ ctx, input }) => resendInvitation(ctx.deps, { inviteId: input.inviteId, regenerate: input.regenerateToken }, actorOf(ctx.user), ctx.meta)),

  revokeInvite: schoolAdminProcedure
    .input(invitationIdSchema)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.deps, input.inviteId, actorOf(ctx.user), ctx.meta)),

  setActive: schoolAdminProcedure
    .input(setParentActiveSchema)
    .mutation(({ ctx, input }) => setParentActive(ctx.deps.db, { ...actorOf(ctx.user), schoolId: ctx.schoolId }, input, ctx.meta, ctx.deps.now())),
});

/** `/school-admin/subscribe`: reachable whatever the subscription's state. */
const billingRouter = router({
  status: schoolBillingProcedure.query(({ ctx }) => subscriptionState(ctx.deps, ctx.schoolId)),
  startCheckout: schoolBillingProcedure.mutation(({ ctx }) => startSubscriptionCheckout(ctx.deps, ctx.schoolId)),
  openPortal: schoolBillingProcedure.mutation(({ ctx }) => openBillingPortal(ctx.deps, ctx.schoolId)),
});

export const schoolAdminRouter = router({
  /** The admin's school and its headline counts. */
  overview: schoolAdminProcedure.query(({ ctx }) => schoolOverview(ctx.deps.db, ctx.schoolId)),
  parents: parentsRouter,
  billing: billingRouter,
  /** `/school-admin/account`: download or erase my data (GD1). */
  account: schoolAdminAccountRouter,
});
