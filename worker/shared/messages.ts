/** User-facing texts fixed by the spec. One place, shared by the browser and the server. */
import { said } from "./said.ts";
export const MESSAGES = {
  fillAllFields: said(/*i18n*/ { id: "Please fill in all fields" }),
  invalidCredentials: {
    super_admin: said(/*i18n*/ { id: "Invalid super admin credentials. Access denied." }),
    school_admin: said(/*i18n*/ { id: "Invalid school admin credentials. Please check your email and password." }),
    parent: said(/*i18n*/ { id: "Invalid parent credentials. Please check your email, password, and school code." }),
    driver: said(/*i18n*/ { id: "Invalid driver credentials. Please check your email and password." }),
  },
  currentPasswordIncorrect: said(/*i18n*/ { id: "Current password is incorrect" }),
  noAuthenticatedUser: said(/*i18n*/ { id: "No authenticated user" }),
  passwordRequired: said(/*i18n*/ { id: "Password is required" }),
  passwordTooShort: said(/*i18n*/ { id: "Password must be at least 8 characters long" }),
  passwordsDoNotMatch: said(/*i18n*/ { id: "Passwords do not match" }),
  failedToUpdatePassword: said(/*i18n*/ { id: "Failed to update password" }),
  notAuthenticated: said(/*i18n*/ { id: "User not authenticated." }),
  /** 503: every password-hashing slot is taken (ADR 0017); the login form shows it as is. */
  serverBusy: said(/*i18n*/ { id: "The server is busy right now. Please try again in a few seconds." }),
} as const;
