import { z } from "zod";
import { EMERGENCY_CONTACT_MAX_LENGTH, updateProfileInput } from "./account.ts";
import { text } from "./fields.ts";
import { enrollmentFormSchema, FLIGHT_TRIP_MESSAGES } from "./flight-trips.ts";
import { type AcceptInvitationInput, acceptInvitationRoleIssues, INVITATION_MESSAGES } from "./invitations.ts";
import { phoneField } from "./phone.ts";

/**
 * The forms whose numbers are read in a school's phone region that the form learns from the server
 * (the session's `phoneRegion`, the invitation's): their schemas with the phone rule. Kept apart from
 * the forms' other schemas and messages, so a page that only reads those loads no phone library. The
 * server applies the same field (`checkedPhone`) with the school's region.
 */

/** Enroll Now: the emergency phone is required and must be a valid number. */
export function enrollmentFormFor(region: string | null) {
  return enrollmentFormSchema.extend({ emergencyPhone: phoneField(region, FLIGHT_TRIP_MESSAGES.emergencyPhone) });
}

type InvitationField = "phone" | "emergencyContact" | "emergencyPhone";

/** The accept-invite form's issues beyond its schema: the parents' required fields (spec), then the phone rule. */
export function acceptInvitationIssues(
  role: "school_admin" | "parent" | "driver",
  input: Pick<AcceptInvitationInput, InvitationField>,
  region: string | null,
) {
  const issues: { field: InvitationField; message: string }[] = acceptInvitationRoleIssues(role, input);
  const phones = role === "parent" ? (["phone", "emergencyPhone"] as const) : (["phone"] as const);
  for (const field of phones) {
    if (issues.some((issue) => issue.field === field)) continue;
    const parsed = phoneField(region).safeParse(input[field] ?? "");
    if (!parsed.success) issues.push({ field, message: parsed.error.issues[0]?.message ?? "" });
  }
  return issues;
}

/**
 * My Account's Edit Profile: the phones by the rule; a parent's emergency contact and phone required
 * with sign-up's messages (field by field, so every problem shows at once); a school admin has none.
 */
export function profileFormFor(role: "school_admin" | "parent", region: string | null) {
  const parent = role === "parent";
  return updateProfileInput.extend({
    phone: phoneField(region),
    emergencyContact: (parent
      ? text(EMERGENCY_CONTACT_MAX_LENGTH, INVITATION_MESSAGES.emergencyContactRequired)
      : z.undefined()
    ).optional(),
    emergencyPhone: (parent
      ? phoneField(region, INVITATION_MESSAGES.emergencyPhoneRequired)
      : z.undefined()
    ).optional(),
  });
}
