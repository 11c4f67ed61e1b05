import { invitationIdSchema, inviteSchoolAdminSchema, resendInvitationSchema } from "../../schemas/invitations.ts";
import { createInvitation } from "../../services/invitations/create.ts";
import { resendInvitation, revokeInvitation } from "../../services/invitations/manage.ts";
import { platformStats } from "../../services/platform/stats.ts";
import { schoolOptions } from "../../services/schools/options.ts";
import { z } from "zod";
import { actorOf } from "../actor.ts";
import { router, superAdminProcedure } from "../init.ts";

export const superAdminRouter = router({
  /** Stat cards of the super admin dashboard. */
  stats: superAdminProcedure.query(({ ctx }) => platformStats(ctx.deps.db, ctx.deps.now())),

  /** Active schools for pickers (invite admin), searched by name. */
  schoolOptions: superAdminProcedure
    .input(z.object({ search: z.string().trim().max(120).optional() }).strict())
    .query(({ ctx, input }) => schoolOptions(ctx.deps.db, input.search)),

  inviteSchoolAdmin: superAdminProcedure.input(inviteSchoolAdminSchema).mutation(async ({ ctx, input }) => {
    const invitation = await createInvitation(ctx.deps, { role: "school_admin", ...input }, actorOf(ctx.user), ctx.meta);
    return { id: invitation.id, email: invitation.email, expiresAt: invitation.expiresAt };
  }),

  resendInvite: superAdminProcedure
    .input(resendInvitationSchema)
    .mutation(({ ctx, input }) => resendInvitation(ctx.deps, { inviteId: input.inviteId, regenerate: input.regenerateToken }, actorOf(ctx.user), ctx.meta)),

  revokeInvite: superAdminProcedure
    .input(invitationIdSchema)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.deps, input.inviteId, actorOf(ctx.user), ctx.meta)),
});
