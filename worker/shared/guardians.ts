import { z } from "zod";
import "./fields.ts";
import { createParentInvitationInput } from "./invitations.ts";

// Pages that need only the messages and sizes import guardians-constants.ts (no zod).
export * from "./guardians-constants.ts";

const childId = z.string().min(1).max(64);

export const childGuardiansInput = z.object({ childId }).strict();

/** Invite a guardian: the same name and e-mail fields as a school's parent invitation. */
export const inviteGuardianInput = z.object({ childId, ...createParentInvitationInput.shape }).strict();

/** Remove a guardian (the signed-in parent's own id to leave). */
export const removeGuardianInput = z.object({ childId, parentId: z.string().min(1).max(64) }).strict();

export const revokeGuardianInvitationInput = z.object({ inviteId: z.string().min(1).max(64) }).strict();

/** Resend an invitation still waiting (a new link; one past its expiry is renewed). */
export const resendGuardianInvitationInput = revokeGuardianInvitationInput;

export const acceptGuardianInvitationInput = z.object({ token: z.string().trim().min(1).max(128) }).strict();
