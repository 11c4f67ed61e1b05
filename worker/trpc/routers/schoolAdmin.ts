import { invitationIdSchema, inviteParentSchema, resendInvitationSchema } from "../../schemas/invitations.ts";
import { parentDirectorySchema, parentInvitationListSchema, setParentActiveSchema } from "../../schemas/parents.ts";
import { createInvitation } from "../../services/invitations/create.ts";
import { resendInvitation, revokeInvitation } from "../../services/invitations/manage.ts";
import { listParentInvitations, listParents, setParentActive } from "../../services/parents/directory.ts";
import { schoolOverview } from "../../services/schools/overview.ts";
import { actorOf } from "../actor.ts";
import { router, schoolAdminProcedure } from "../init.ts";

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

export const schoolAdminRouter = router({
  /** The admin's school and its headline counts. */
  overview: schoolAdminProcedure.query(({ ctx }) => schoolOverview(ctx.deps.db, ctx.schoolId)),
  parents: parentsRouter,
});
