import { changePasswordInput, loginInput, requestPasswordResetInput, resetPasswordInput } from "#shared/auth.ts";
import { acceptInvitationInput, tokenInput } from "#shared/invitations.ts";
import { chosenLocaleFromCookie } from "#shared/locale-choice.ts";
import { SOURCE_LOCALE } from "#shared/locales.ts";
import { confirmIdentityInput, verifyMfaInput } from "#shared/mfa.ts";
import { serializeClearedSessionCookie, serializeSessionCookie } from "#worker/auth/cookie.ts";
import { deviceCookieAfterSignIn, readDeviceCookie, serializeDeviceCookie } from "#worker/auth/device-cookie.ts";
import { ROLE_HOME } from "#worker/auth/policy.ts";
import type { NewSession } from "#worker/auth/session.ts";
import { invalidateSession } from "#worker/auth/session.ts";
import type { SessionUser } from "#worker/auth/users.ts";
import type { PublicScope } from "#worker/services/_shared/scope.ts";
import { changePassword, logout } from "#worker/services/auth/account.ts";
import { signInLanguage } from "#worker/services/auth/locale.ts";
import { login } from "#worker/services/auth/login.ts";
import { verifyMfa } from "#worker/services/auth/mfa.ts";
import { checkResetToken, requestPasswordReset, resetPassword } from "#worker/services/auth/reset.ts";
import { confirmIdentity } from "#worker/services/auth/sudo.ts";
import { acceptInvitation, describeInvitation } from "#worker/services/invitations/accept.ts";
import type { Context } from "#worker/trpc/context.ts";
import { authedProcedure, publicProcedure, router } from "#worker/trpc/init.ts";

/**
 * A new session at every sign-in: whatever this browser held before ends now, and the cookie
 * carries the new one. The browser also becomes a trusted device for the account (ADR 0035). The
 * user enters in the language ADR 0084's order gives.
 */
async function signedIn(ctx: Context & { scope: PublicScope }, signedInUser: SessionUser, session: NewSession) {
  const { config } = ctx.deps;
  const user = await signInLanguage(ctx.scope, signedInUser, {
    device: chosenLocaleFromCookie(ctx.cookieHeader),
    browser: ctx.browserLocale ?? SOURCE_LOCALE,
  });
  if (ctx.auth) await invalidateSession(ctx.deps.db, ctx.auth.session.id);
  ctx.resHeaders.append("Set-Cookie", serializeSessionCookie(config, session.token, session.policy));
  const device = deviceCookieAfterSignIn(config.deviceCookieSecret, deviceCookieOf(ctx), user, ctx.deps.now());
  ctx.resHeaders.append("Set-Cookie", serializeDeviceCookie(config, device));
  return { user, home: ROLE_HOME[user.role] };
}

const deviceCookieOf = (ctx: Context) => readDeviceCookie(ctx.deps.config, ctx.cookieHeader);

export const authRouter = router({
  /** The signed-in user, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.auth?.user ?? null),

  /**
   * Step 1 of every sign-in. A super admin with MFA gets `{ mfaRequired, challengeToken }` and no
   * cookie: the challenge is not a session, only `verifyMfa` accepts it.
   */
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await login(ctx.scope, { ...input, deviceCookie: deviceCookieOf(ctx) });
    if ("mfaChallenge" in result) {
      return {
        mfaRequired: true as const,
        challengeToken: result.mfaChallenge.token,
        expiresAt: result.mfaChallenge.expiresAt,
      };
    }
    return { mfaRequired: false as const, ...(await signedIn(ctx, result.user, result.session)) };
  }),

  /** Step 2 of a super admin's sign-in: the challenge and a TOTP or recovery code. */
  verifyMfa: publicProcedure.input(verifyMfaInput).mutation(async ({ ctx, input }) => {
    const { user, session } = await verifyMfa(ctx.scope, input);
    return signedIn(ctx, user, session);
  }),

  /** "Confirm it's you" (SE6): password, and code where enrolled, open sudo mode for 10 minutes. */
  confirmIdentity: authedProcedure
    .input(confirmIdentityInput)
    .mutation(({ ctx, input }) => confirmIdentity(ctx.scope, input)),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.scope);
    ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie(ctx.deps.config));
    return { ok: true as const };
  }),

  /** The accept-invite page: who is invited, to which school, as what. */
  invitation: publicProcedure.input(tokenInput).query(({ ctx, input }) => describeInvitation(ctx.scope, input)),

  /** Creates the account from an invitation and signs the new user in. */
  acceptInvitation: publicProcedure.input(acceptInvitationInput).mutation(async ({ ctx, input }) => {
    const { user, session } = await acceptInvitation(ctx.scope, input);
    return signedIn(ctx, user, session);
  }),

  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.scope, input)),

  /** The reset page's check on load: `{ valid }` only. A mutation, so the token stays out of URLs. */
  checkResetToken: publicProcedure.input(tokenInput).mutation(({ ctx, input }) => checkResetToken(ctx.scope, input)),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx.scope, input)),

  changePassword: authedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const session = await changePassword(ctx.scope, input);
    ctx.resHeaders.append("Set-Cookie", serializeSessionCookie(ctx.deps.config, session.token, session.policy));
    return { user: { ...ctx.user, mustChangePassword: false }, home: ROLE_HOME[ctx.user.role] };
  }),
});
