import { serializeClearedSessionCookie, serializeSessionCookie } from "../../auth/cookie.ts";
import { ROLE_HOME } from "../../auth/policy.ts";
import { invalidateSession } from "../../auth/session.ts";
import { changePasswordSchema, loginRequestSchema } from "../../schemas/auth.ts";
import { changePassword, logout } from "../../services/auth/account.ts";
import { login } from "../../services/auth/login.ts";
import { authedProcedure, publicProcedure, router } from "../init.ts";

export const authRouter = router({
  /** The signed-in user, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.auth?.user ?? null),

  login: publicProcedure.input(loginRequestSchema).mutation(async ({ ctx, input }) => {
    const { db, config } = ctx.deps;
    const { user, session } = await login(db, input, ctx.meta, ctx.deps.now());
    // A new session at every sign-in: whatever this browser held before ends now.
    if (ctx.auth) await invalidateSession(db, ctx.auth.session.id);
    ctx.resHeaders.append("Set-Cookie", serializeSessionCookie(config, session.token, session.policy));
    return { user, home: ROLE_HOME[user.role] };
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.auth) {
      await logout(ctx.deps.db, ctx.auth.session, ctx.auth.user.schoolId, ctx.meta, ctx.deps.now());
    }
    ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie(ctx.deps.config));
    return { ok: true as const };
  }),

  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    const session = await changePassword(ctx.deps.db, ctx.user, input, {
      remember: ctx.auth.session.remember,
      meta: ctx.meta,
      now: ctx.deps.now(),
    });
    ctx.resHeaders.append("Set-Cookie", serializeSessionCookie(ctx.deps.config, session.token, session.policy));
    return { user: { ...ctx.user, mustChangePassword: false }, home: ROLE_HOME[ctx.user.role] };
  }),
});
