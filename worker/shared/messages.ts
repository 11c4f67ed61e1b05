/** User-facing texts fixed by the spec. One place, shared by the browser and the server. */
export const MESSAGES = {
  fillAllFields: "Please fill in all fields",
  invalidCredentials: {
    super_admin: "Invalid super admin credentials. Access denied.",
    school_admin: "Invalid school admin credentials. Please check your email and password.",
    parent: "Invalid parent credentials. Please check your email, password, and school code.",
    driver: "Invalid driver credentials. Please check your email and password.",
  },
  currentPasswordIncorrect: "Current password is incorrect",
  noAuthenticatedUser: "No authenticated user",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters long",
  passwordsDoNotMatch: "Passwords do not match",
  failedToUpdatePassword: "Failed to update password",
  notAuthenticated: "User not authenticated.",
  /** 503: every password-hashing slot is taken (ADR 0017); the login form shows it as is. */
  serverBusy: "The server is busy right now. Please try again in a few seconds.",
} as const;
