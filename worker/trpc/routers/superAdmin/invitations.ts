import { createSchoolAdminInvitationInput, invitationIdInput, resendInvitationInput } from "#shared/invitations.ts";
import { invitationEmailLogsInput, listInvitationsInput } from "#shared/superAdmin.ts";
import { createInvitation } from "#worker/services/invitations/create.ts";
import { resendInvitation, revokeInvitation } from "#worker/services/invitations/manage.ts";
import { invitationEmailLogs, listInvitations } from "#worker/services/platform/invites.ts";
import { router, superAdminProcedure } from "#worker/trpc/init.ts";
import { invitationReceipt } from "../_shared/invitations.ts";

/** Every invitation of the platform: superAdmin.invitations.*. */
export const invitationsRouter = router({
  list: superAdminProcedure.input(listInvitationsInput).query(({ ctx, input }) => listInvitations(ctx.scope, input)),
  emailLogs: superAdminProcedure
    .input(invitationEmailLogsInput)
    .query(({ ctx, input }) => invitationEmailLogs(ctx.scope, input)),
  /** Invite School Admin. */
  create: superAdminProcedure
    .input(createSchoolAdminInvitationInput)
    .mutation(async ({ ctx, input }) =>
      invitationReceipt(await createInvitation(ctx.scope, { role: "school_admin", ...input })),
    ),
  resend: superAdminProcedure
    .input(resendInvitationInput)
    .mutation(({ ctx, input }) => resendInvitation(ctx.scope, input)),
  revoke: superAdminProcedure.input(invitationIdInput).mutation(({ ctx, input }) => revokeInvitation(ctx.scope, input)),
});
