import { invitationIdSchema, inviteSchoolAdminSchema, resendInvitationSchema } from "../../schemas/invitations.ts";
import { createInvitation } from "../../services/invitations/create.ts";
import { resendInvitation, revokeInvitation } from "../../services/invitations/manage.ts";
import { platformStats } from "../../services/platform/stats.ts";
import { approveRegistrationSchema, rejectRegistrationSchema } from "../../schemas/registration.ts";
import { approveRegistration, pendingRegistrations, rejectRegistration } from "../../services/registration/review.ts";
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

  /** Registrations awaiting review (the dashboard shows the first 3). */
  pendingRegistrations: superAdminProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).default(100) }).strict())
    .query(({ ctx, input }) => pendingRegistrations(ctx.deps.db, input.limit)),

  /** approve-school-registration; approvedBy is the signed-in super admin. */
  approveRegistration: superAdminProcedure
    .input(approveRegistrationSchema)
    .mutation(({ ctx, input }) => approveRegistration(ctx.deps, input.pendingSchoolId, actorOf(ctx.user), ctx.meta)),

  /** reject-school-registration; rejectedBy is the signed-in super admin, the reason optional. */
  rejectRegistration: superAdminProcedure
    .input(rejectRegistrationSchema)
    .mutation(({ ctx, input }) => rejectRegistration(ctx.deps, input, actorOf(ctx.user), ctx.meta)),

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
