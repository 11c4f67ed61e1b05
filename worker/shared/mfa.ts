import { z } from "zod";
import "./fields.ts";
import { PASSWORD_MAX_LENGTH } from "./password-rules.ts";
import { said } from "./said.ts";

/** Texts of the two-factor sign-in, enrolment and "Confirm it's you" (one place for browser and server). */
export const MFA_MESSAGES = {
  enterCode: said(/*i18n*/ { id: "Enter the 6-digit code from your authenticator app" }),
  enterRecoveryCode: said(/*i18n*/ { id: "Enter one of your recovery codes" }),
  invalidCode: said(/*i18n*/ { id: "That code is not valid. Please try again." }),
  invalidRecoveryCode: said(/*i18n*/ { id: "That recovery code is not valid or has already been used." }),
  challengeExpired: said(/*i18n*/ { id: "Your sign-in has expired. Please sign in again." }),
  alreadyEnabled: said(/*i18n*/ { id: "Two-factor authentication is already on." }),
  notEnabled: said(/*i18n*/ { id: "Two-factor authentication is not on." }),
  noEnrollment: said(/*i18n*/ { id: "Start the two-factor setup again." }),
  enrollmentRequired: said(/*i18n*/ { id: "Set up two-factor authentication to continue." }),
  sudoRequired: said(/*i18n*/ { id: "Please confirm it's you to continue." }),
  enterPassword: said(/*i18n*/ { id: "Enter your password" }),
  wrongPassword: said(/*i18n*/ { id: "Your password is incorrect." }),
} as const;

export { FORBIDDEN_REASONS, type ForbiddenReason } from "./mfa-reasons.ts";

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, MFA_MESSAGES.enterCode);

export const recoveryCodeSchema = z
  .string()
  .trim()
  .min(1, MFA_MESSAGES.enterRecoveryCode)
  .max(32, MFA_MESSAGES.invalidRecoveryCode);

/** A second factor: a code from the app, or one of the recovery codes. */
export const secondFactorSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCodeSchema }).strict(),
  z.object({ method: z.literal("recovery"), code: recoveryCodeSchema }).strict(),
]);
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** Sign-in step 2: the challenge from step 1 and a second factor. */
export const verifyMfaInput = z
  .object({
    challengeToken: z.string().min(1, MFA_MESSAGES.challengeExpired).max(64, MFA_MESSAGES.challengeExpired),
    factor: secondFactorSchema,
  })
  .strict();

/** "Confirm it's you": the password, and a second factor when the user has one. */
export const confirmIdentityInput = z
  .object({
    password: z.string().min(1, MFA_MESSAGES.enterPassword).max(PASSWORD_MAX_LENGTH),
    factor: secondFactorSchema.optional(),
  })
  .strict();
export type SudoInput = z.infer<typeof confirmIdentityInput>;

export const confirmEnrollmentInput = z.object({ code: totpCodeSchema }).strict();
