import {
  acceptGuardianInvitationInput,
  childGuardiansInput,
  inviteGuardianInput,
  removeGuardianInput,
  resendGuardianInvitationInput,
  revokeGuardianInvitationInput,
} from "#shared/guardians.ts";
import { childGuardianList, removeGuardian } from "#worker/services/guardians/guardians.ts";
import {
  acceptGuardianInvitation,
  inviteGuardian,
  resendGuardianInvitation,
  revokeGuardianInvitation,
} from "#worker/services/guardians/invitations.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.guardians.*: who else sees a child (a second household), invited by e-mail (ADR 0053). */
export const parentGuardiansRouter = router({
  list: parentProcedure.input(childGuardiansInput).query(({ ctx, input }) => childGuardianList(ctx.scope, input)),
  invite: parentProcedure.input(inviteGuardianInput).mutation(({ ctx, input }) => inviteGuardian(ctx.scope, input)),
  remove: parentProcedure.input(removeGuardianInput).mutation(({ ctx, input }) => removeGuardian(ctx.scope, input)),
  revoke: parentProcedure
    .input(revokeGuardianInvitationInput)
    .mutation(({ ctx, input }) => revokeGuardianInvitation(ctx.scope, input)),
  resend: parentProcedure
    .input(resendGuardianInvitationInput)
    .mutation(({ ctx, input }) => resendGuardianInvitation(ctx.scope, input)),
  accept: parentProcedure
    .input(acceptGuardianInvitationInput)
    .mutation(({ ctx, input }) => acceptGuardianInvitation(ctx.scope, input)),
});
