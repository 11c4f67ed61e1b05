import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, instant, ROLES } from "./columns.ts";
import { superAdmins } from "./users.ts";

/**
 * Sessions in the style of Lucia's auth_session.ts: the cookie carries `<id>.<secret>`,
 * only SHA-256(secret) is stored. Idle and absolute limits come from the role policy.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    secretHash: text("secret_hash").notNull(),
    userId: text("user_id").notNull(),
    userRole: text("user_role", { enum: ROLES }).notNull(),
    /** Remember me: a longer policy and a persistent cookie. */
    remember: bool("remember").notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: instant("last_seen_at").notNull(),
    /** Absolute expiry, fixed at creation. */
    expiresAt: instant("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Last time the user re-entered their password (and TOTP code) in this session: sudo mode. */
    reauthenticatedAt: instant("reauthenticated_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userRole, t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const CODE_PURPOSES = ["email_verification"] as const;

/** One-time numeric codes (e-mail verification of a registration). Stored hashed. */
export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: CODE_PURPOSES }).notNull(),
    /** What the code proves control of, e.g. the pending school id. */
    subjectId: text("subject_id").notNull(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: instant("expires_at").notNull(),
    consumedAt: instant("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_codes_subject_idx").on(t.purpose, t.subjectId),
    index("verification_codes_expires_idx").on(t.expiresAt),
  ],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id").notNull(),
    userRole: text("user_role", { enum: ROLES }).notNull(),
    email: text("email").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_unique").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userRole, t.userId),
    index("password_reset_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Links that resume a registration (in its verification e-mail, and kept by the wizard's tab
 * across Stripe Checkout). Only SHA-256 of the token is stored; each lasts 7 days.
 */
export const registrationResumeTokens = sqliteTable(
  "registration_resume_tokens",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    pendingSchoolId: text("pending_school_id").notNull(),
    /** The address the link was sent to: a changed admin e-mail revokes the links to the old one. */
    email: text("email").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("registration_resume_tokens_hash_unique").on(t.tokenHash),
    index("registration_resume_tokens_pending_idx").on(t.pendingSchoolId),
    index("registration_resume_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Counters for rate limits, shared by every isolate. `key` names the limit and subject,
 * e.g. `login:account:parent:a@b.c` or `login:ip:203.0.113.9`.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    /** Events counted in the current window. */
    count: integer("count").notNull().default(0),
    windowStart: instant("window_start").notNull(),
    /** Consecutive failures (reset by a success). */
    streak: integer("streak").notNull().default(0),
    blockedUntil: instant("blocked_until"),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [index("rate_limits_updated_idx").on(t.updatedAt)],
);

/**
 * A super admin's TOTP authenticator (RFC 6238, SHA-1, 6 digits, 30 s). A row without `enabledAt`
 * is an enrolment not yet confirmed with a first code. `lastUsedStep` is the time step of the last
 * accepted code: a code is accepted only for a later step, so no code works twice.
 */
export const totpCredentials = sqliteTable("totp_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => superAdmins.id, { onDelete: "cascade" }),
  /** The shared secret, base32 (the authenticator app must be able to compute codes from it). */
  secret: text("secret").notNull(),
  enabledAt: instant("enabled_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes of a super admin's two-factor sign-in; only SHA-256 is stored. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => superAdmins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_unique").on(t.userId, t.codeHash)],
);

/**
 * The state between a correct password and the second factor: a short-lived, single-use token
 * (SHA-256 stored) that only `auth.verifyMfa` accepts. It is not a session and opens nothing else.
 */
export const mfaChallenges = sqliteTable(
  "mfa_challenges",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => superAdmins.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mfa_challenges_token_unique").on(t.tokenHash),
    index("mfa_challenges_expires_idx").on(t.expiresAt),
  ],
);
