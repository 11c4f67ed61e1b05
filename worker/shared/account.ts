import { z } from "zod";
import "./fields.ts";
import { acceptInvitationRoleIssues } from "./invitations.ts";
import { PHONE_MAX_LENGTH } from "./phone.ts";

/**
 * My Account's Edit Profile: phone and address, and for a parent the emergency contact and its
 * phone, with the rules of sign-up (the accept-invite form): the parent's emergency fields are
 * required, phones follow the phone rule in the school's region (`#shared/phone-forms.ts` in the
 * form, `checkedPhone` on the server). Blank phone or address: stored empty, as at sign-up.
 */
export const ADDRESS_MAX_LENGTH = 300;
export const EMERGENCY_CONTACT_MAX_LENGTH = 120;

export const updateProfileInput = z
  .object({
    phone: z.string().trim().max(PHONE_MAX_LENGTH),
    address: z.string().trim().max(ADDRESS_MAX_LENGTH),
    emergencyContact: z.string().trim().max(EMERGENCY_CONTACT_MAX_LENGTH).optional(),
    emergencyPhone: z.string().trim().max(PHONE_MAX_LENGTH).optional(),
  })
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const PROFILE_MESSAGES = {
  parentsOnly: "Only parents have an emergency contact on their account.",
} as const;

/** Sign-up's role rule: a parent's emergency contact and phone are required (spec); a school admin has none. */
export function profileRoleIssues(
  role: "school_admin" | "parent",
  input: Pick<UpdateProfileInput, "emergencyContact" | "emergencyPhone">,
) {
  if (role === "school_admin" && (input.emergencyContact !== undefined || input.emergencyPhone !== undefined)) {
    return [{ field: "emergencyContact" as const, message: PROFILE_MESSAGES.parentsOnly }];
  }
  return acceptInvitationRoleIssues(role, input);
}
