import { z } from "zod";
import { said } from "./said.ts";
import "./fields.ts";
import { newPasswordSchema } from "./auth.ts";
import { INVITATION_MESSAGES, INVITATION_ROLE_FILTERS, INVITATION_STATUS_FILTERS } from "./invitations-constants.ts";
import { MESSAGES } from "./messages.ts";
import { searchField } from "./search.ts";

// Pages that only need the lists and sizes import invitations-constants.ts.
export * from "./invitations-constants.ts";
export { INVITATION_MESSAGES };

const email = z
  .string()
  .trim()
  .min(1, said(/*i18n*/ { id: "Email is required" }))
  .max(254)
  .pipe(z.email(said(/*i18n*/ { id: "Please enter a valid email address" })));
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const createSchoolAdminInvitationInput = z
  .object({
    name: z.string().trim().min(1, INVITATION_MESSAGES.nameRequired).max(120),
    email,
    schoolId: z.string().trim().min(1, INVITATION_MESSAGES.selectSchool).max(64),
  })
  .strict();

export const createParentInvitationInput = z
  .object({
    name: z.string().trim().min(1, INVITATION_MESSAGES.nameRequired).max(120),
    email,
  })
  .strict();

export const invitationIdInput = z.object({ inviteId: z.string().min(1).max(64) }).strict();

export const tokenInput = z
  .object({ token: z.string().trim().min(1, INVITATION_MESSAGES.missingToken).max(128) })
  .strict();

/** The accept-invite form. Role-specific rules (parents' emergency fields) come from the invitation. */
export const acceptInvitationInput = z
  .object({
    token: z.string().trim().min(1, INVITATION_MESSAGES.missingToken).max(128),
    name: z.string().trim().min(1, INVITATION_MESSAGES.nameRequired).max(120),
    password: newPasswordSchema,
    confirmPassword: z.string(),
    phone: optionalText(40),
    address: optionalText(300),
    position: optionalText(120),
    emergencyContact: optionalText(120),
    emergencyPhone: optionalText(40),
  })
  .strict()
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;

/** The rules the spec adds for parents, shared by the form and the server: every issue, in field order. */
export function acceptInvitationRoleIssues(
  role: "school_admin" | "parent" | "driver",
  input: Pick<AcceptInvitationInput, "emergencyContact" | "emergencyPhone">,
) {
  const issues: { field: "emergencyContact" | "emergencyPhone"; message: string }[] = [];
  if (role !== "parent") return issues;
  if (!input.emergencyContact?.trim())
    issues.push({ field: "emergencyContact", message: INVITATION_MESSAGES.emergencyContactRequired });
  if (!input.emergencyPhone?.trim())
    issues.push({ field: "emergencyPhone", message: INVITATION_MESSAGES.emergencyPhoneRequired });
  return issues;
}

/** Resend-invite takes inviteId and regenerateToken (true for an expired invitation). */
export const resendInvitationInput = z
  .object({ inviteId: z.string().min(1).max(64), regenerateToken: z.boolean().default(false) })
  .strict();

/** Invitations Management (super admin): search, status and role filters, a page. */
export const listInvitationsInput = z
  .object({
    search: searchField(),
    status: z.enum(INVITATION_STATUS_FILTERS).default("all"),
    role: z.enum(INVITATION_ROLE_FILTERS).default("all"),
    page: z.number().int().min(1).max(100_000).default(1),
  })
  .strict();

export const invitationEmailLogsInput = z.object({ inviteId: z.string().min(1).max(64) }).strict();
