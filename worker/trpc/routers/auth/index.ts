import { serializeClearedSessionCookie, serializeSessionCookie } from "../../../auth/cookie.ts";
import { ROLE_HOME } from "../../../auth/policy.ts";
import { invalidateSession } from "../../../auth/session.ts";
import { changePasswordSchema, forgotPasswordSchema, loginRequestSchema, resetPasswordSchema } from "#shared/auth.ts";
import { acceptInviteSchema, tokenSchema } from "#shared/invitations.ts";
import { changePassword, logout } from "../../../services/auth/account.ts";
import { login } from "../../../services/auth/login.ts";
import { completeMfaLogin } from "../../../services/auth/mfa.ts";
import { confirmIdentity } from "../../../services/auth/sudo.ts";
import { sudoSchema, verifyMfaSchema } from "#shared/mfa.ts";
import { checkResetToken, requestPasswordReset, resetPassword } from "../../../services/auth/reset.ts";
import { acceptInvitation, describeInvitation } from "../../../services/invitations/accept.ts";
import type { NewSession } from "../../../auth/session.ts";
import type { SessionUser } from "../../../auth/users.ts";
import { authedProcedure, publicProcedure, router, type Context } from "../../init.ts";

/**
 * A new session at every sign-in: whatever this browser held before ends now, and the cookie
 * carries the new one.
 */
async function signedIn(ctx: Context, user: SessionUser, session: NewSession) {
  if (ctx.auth) await invalidateSession(ctx.deps.db, ctx.auth.session.id);
  ctx.resHeaders.append("Set-Cookie", serializeSessionCookie(ctx.deps.config, session.token, session.policy));
  return { user, home: ROLE_HOME[user.role] };
}

export const authRouter = router({
  /** The signed-in user, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.auth?.user ?? null),

  /**
   * Step 1 of every sign-in. A super admin with MFA gets `{ mfaRequired, challengeToken }` and no
   * cookie: the challenge is not a session, only `verifyMfa` accepts it.
   */
  login: publicProcedure.input(loginRequestSchema).mutation(async ({ ctx, input }) => {
    const result = await login(ctx.deps.db, input, ctx.meta, ctx.deps.now());
    if ("mfaChallenge" in result) {
      return { mfaRequired: true as const, challengeToken: result.mfaChallenge.token, expiresAt: result.mfaChallenge.expiresAt };
    }
    return { mfaRequired: false as const, ...(await signedIn(ctx, result.user, result.session)) };
  }),

  /** Step 2 of a super admin's sign-in: the challenge and a TOTP or recovery code. */
  verifyMfa: publicProcedure.input(verifyMfaSchema).mutation(async ({ ctx, input }) => {
    const { user, session } = await completeMfaLogin(ctx.deps.db, input, { meta: ctx.meta, now: ctx.deps.now() });
    return signedIn(ctx, user, session);
  }),

  /** "Confirm it's you" (SE6): password, and code where enrolled, open sudo mode for 10 minutes. */
  sudo: authedProcedure
    .input(sudoSchema)
    .mutation(({ ctx, input }) =>
      confirmIdentity(ctx.deps.db, { sessionId: ctx.auth.session.id, user: ctx.user }, input, { meta: ctx.meta, now: ctx.deps.now() }),
    ),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.auth) {
      await logout(ctx.deps.db, ctx.auth.session, ctx.auth.user.schoolId, ctx.meta, ctx.deps.now());
    }
    ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie(ctx.deps.config));
    return { ok: true as const };
  }),

  /** The accept-invite page: who is invited, to which school, as what. */
  invitation: publicProcedure.input(tokenSchema).query(({ ctx, input }) => describeInvitation(ctx.deps.db, input.token, ctx.deps.now())),

  /** Creates the account from an invitation and signs the new user in. */
  acceptInvitation: publicProcedure.input(acceptInviteSchema).mutation(async ({ ctx, input }) => {
    const { user, session } = await acceptInvitation(ctx.deps, input, ctx.meta, ctx.deps.now());
    return signedIn(ctx, user, session);
  }),

  forgotPassword: publicProcedure.input(forgotPasswordSchema).mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx.meta)),

  /** The reset page's check on load: `{ valid }` only. A mutation, so the token stays out of URLs. */
  checkResetToken: publicProcedure.input(tokenSchema).mutation(({ ctx, input }) => checkResetToken(ctx.deps, input.token, ctx.meta)),

  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(({ ctx, input }) => resetPassword(ctx.deps, input, ctx.meta)),

  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    const session = await changePassword(ctx.deps.db, ctx.user, input, {
      remember: ctx.auth.session.remember,
      meta: ctx.meta,
      now: ctx.deps.now(),
      pwnedPasswords: ctx.deps.pwnedPasswords,
    });
    ctx.resHeaders.append("Set-Cookie", serializeSessionCookie(ctx.deps.config, session.token, session.policy));
    return { user: { ...ctx.user, mustChangePassword: false }, home: ROLE_HOME[ctx.user.role] };
  }),
});
