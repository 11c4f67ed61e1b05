import { createParentInvitationInput, invitationIdInput, resendInvitationInput } from "#shared/invitations.ts";
import { listParentInvitationsInput } from "#shared/parents.ts";
import { createInvitation } from "#worker/services/invitations/create.ts";
import { resendInvitation, revokeInvitation } from "#worker/services/invitations/manage.ts";
import { listParentInvitations } from "#worker/services/parents/directory.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";
import { invitationReceipt } from "../_shared/invitations.ts";

/** `/school-admin/parents`, the invitations: schoolAdmin.invitations.*, parents of the session's school only. */
export const invitationsRouter = router({
  list: schoolAdminProcedure
    .input(listParentInvitationsInput)
    .query(({ ctx, input }) => listParentInvitations(ctx.scope, input)),

  create: schoolAdminProcedure
    .input(createParentInvitationInput)
    .mutation(async ({ ctx, input }) =>
      invitationReceipt(await createInvitation(ctx.scope, { role: "parent", ...input, schoolId: ctx.scope.schoolId })),
    ),

  resend: schoolAdminProcedure
    .input(resendInvitationInput)
    .mutation(({ ctx, input }) => resendInvitation(ctx.scope, input)),

  revoke: schoolAdminProcedure
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.scope, input)),
});
