import { z } from "zod";
import "./fields.ts";
import { EMAIL_MAX_LENGTH, SCHOOL_CODE_MAX_LENGTH } from "./limits.ts";
import { MESSAGES } from "./messages.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";
import { said } from "./said.ts";

export const ROLE_VALUES = ["super_admin", "school_admin", "parent", "driver"] as const;
export type RoleValue = (typeof ROLE_VALUES)[number];

export const loginSchema = z
  .object({
    email: z.string().trim().min(1, MESSAGES.fillAllFields).max(EMAIL_MAX_LENGTH, MESSAGES.fillAllFields),
    password: z.string().min(1, MESSAGES.fillAllFields).max(PASSWORD_MAX_LENGTH),
    /** Parent login only: the school's short code, optional. */
    schoolCode: z.string().trim().max(SCHOOL_CODE_MAX_LENGTH).optional(),
    /** School admin login only: remember me. */
    remember: z.boolean().optional(),
  })
  .strict();
export type LoginInput = z.infer<typeof loginSchema>;

export const loginInput = loginSchema.extend({ role: z.enum(ROLE_VALUES) }).strict();

/** A new password: length rules only (no composition rules), plus the common-password check on the server. */
export const newPasswordSchema = z
  .string()
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.fillAllFields).max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .strict()
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const RESET_MESSAGES = {
  requested: said(
    /*i18n*/ {
      id: "If an account exists for that email, we have sent a link to reset the password. It is valid for 1 hour.",
    },
  ),
  invalidLink: said(/*i18n*/ { id: "This password reset link is invalid or has expired. Please request a new one." }),
  done: said(/*i18n*/ { id: "Your password has been reset. You can now sign in with it." }),
} as const;

export const requestPasswordResetInput = z
  .object({
    role: z.enum(ROLE_VALUES),
    email: z
      .string()
      .trim()
      .min(1, said(/*i18n*/ { id: "Please enter your email address" }))
      .max(254)
      .pipe(z.email(said(/*i18n*/ { id: "Please enter a valid email address" }))),
  })
  .strict();

export const resetPasswordInput = z
  .object({
    token: z.string().trim().min(1, RESET_MESSAGES.invalidLink).max(128),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .strict()
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
