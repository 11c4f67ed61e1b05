import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, z } from "zod";
import { readSessionCookie, serializeClearedSessionCookie } from "../auth/cookie.ts";
import { validateSessionToken, type SessionRecord } from "../auth/session.ts";
import { accountUsable, findAccountById, toSessionUser, type SessionUser } from "../auth/users.ts";
import type { AppDeps } from "../deps.ts";
import { MESSAGES } from "../schemas/messages.ts";
import type { RequestMeta } from "../services/audit.ts";
import { recordAuthorizationDenial } from "../services/audit-denials.ts";
import { AppError } from "../services/errors.ts";
import { subscriptionAllowsAccess } from "../schemas/subscription.ts";

/* ------------------------------------------------------------------------------------------------
 * 1. Context: the request's dependencies, where it came from, and the signed-in user (if any).
 * ----------------------------------------------------------------------------------------------*/

export type Auth = { session: SessionRecord; user: SessionUser };

export type Context = {
  deps: AppDeps;
  meta: RequestMeta;
  /** Response headers (Set-Cookie) the procedures may add to. */
  resHeaders: Headers;
  auth: Auth | null;
};

export async function resolveAuth(deps: AppDeps, cookieHeader: string | null): Promise<Auth | null> {
  const token = readSessionCookie(deps.config, cookieHeader);
  if (!token) return null;
  const session = await validateSessionToken(deps.db, token, deps.now());
  if (!session) return null;
  const account = await findAccountById(deps.db, session.userRole, session.userId);
  if (!account || !accountUsable(account)) return null;
  return { session, user: toSessionUser(account) };
}

export async function createContext(
  deps: AppDeps,
  request: Request,
  resHeaders: Headers,
  meta: RequestMeta,
): Promise<Context> {
  const cookieHeader = request.headers.get("cookie");
  const auth = await resolveAuth(deps, cookieHeader);
  // A cookie that names no live session is cleared, so the browser stops sending it.
  if (!auth && readSessionCookie(deps.config, cookieHeader)) {
    resHeaders.append("Set-Cookie", serializeClearedSessionCookie(deps.config));
  }
  return { deps, meta, resHeaders, auth };
}

/* ------------------------------------------------------------------------------------------------
 * 2. Initialisation: superjson, and errors whose message is the one a user should read.
 * ----------------------------------------------------------------------------------------------*/

export const GENERIC_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const appError = error.cause instanceof AppError ? error.cause : null;
    let message = shape.message;
    if (zodError) message = zodError.issues[0]?.message ?? "Validation Error";
    else if (error.code === "INTERNAL_SERVER_ERROR") message = GENERIC_ERROR_MESSAGE;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors: zodError ? z.flattenError(zodError).fieldErrors : null,
        retryAfterSeconds: appError?.details?.retryAfterSeconds ?? null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/* ------------------------------------------------------------------------------------------------
 * 3. Procedures: public → authed (UNAUTHORIZED) → one per role (FORBIDDEN), which put the tenant
 *    into the context from the session, never from input.
 * ----------------------------------------------------------------------------------------------*/

/** Turns service errors into tRPC errors and logs the unexpected ones. */
const errorBoundary = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    const code = cause instanceof AppError ? cause.code : result.error.code;
    if (ctx.auth && (code === "FORBIDDEN" || code === "NOT_FOUND")) await logDenial(ctx, path, code);
    if (cause instanceof AppError) throw new TRPCError({ code: cause.code, message: cause.message, cause });
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      ctx.deps.logger.error("procedure failed", {
        path,
        requestId: ctx.meta.requestId,
        error: String(cause?.stack ?? result.error.message),
      });
    }
  }
  return result;
});

/** LG1: audit an authorization denial; a failed insert is logged and never fails the request. */
async function logDenial(ctx: Context, path: string, code: "FORBIDDEN" | "NOT_FOUND") {
  const user = ctx.auth!.user;
  try {
    await recordAuthorizationDenial(ctx.deps.db, { path, code, userId: user.id, role: user.role, schoolId: user.schoolId }, ctx.meta, ctx.deps.now());
  } catch (error) {
    ctx.deps.logger.error("audit: authorization denial not recorded", { path, requestId: ctx.meta.requestId, error: String(error) });
  }
}

export const publicProcedure = t.procedure.use(errorBoundary);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.notAuthenticated });
  return next({ ctx: { ...ctx, auth: ctx.auth, user: ctx.auth.user } });
});

export const PASSWORD_CHANGE_REQUIRED = "You must change your password before continuing.";

function roleProcedure(role: SessionUser["role"]) {
  return authedProcedure.use(({ ctx, next }) => {
    if (ctx.user.role !== role) throw new TRPCError({ code: "FORBIDDEN", message: "You do not have access to this area." });
    if (ctx.user.mustChangePassword) throw new TRPCError({ code: "FORBIDDEN", message: PASSWORD_CHANGE_REQUIRED });
    return next();
  });
}

export const superAdminProcedure = roleProcedure("super_admin");

export const SUBSCRIPTION_REQUIRED = "Your school's subscription is not active. Please renew it to continue.";

/** A school admin of their school, whatever its subscription: the subscribe page and billing. */
export const schoolBillingProcedure = roleProcedure("school_admin").use(({ ctx, next }) => {
  if (!ctx.user.schoolId) throw new TRPCError({ code: "FORBIDDEN", message: "You do not have access to this area." });
  return next({ ctx: { ...ctx, schoolId: ctx.user.schoolId } });
});

/** Everything else a school admin does needs an active or trialing subscription (spec §4). */
export const schoolAdminProcedure = schoolBillingProcedure.use(({ ctx, next }) => {
  if (!subscriptionAllowsAccess(ctx.user.subscriptionStatus)) throw new TRPCError({ code: "FORBIDDEN", message: SUBSCRIPTION_REQUIRED });
  return next();
});

export const parentProcedure = roleProcedure("parent").use(({ ctx, next }) => {
  if (!ctx.user.schoolId) throw new TRPCError({ code: "FORBIDDEN", message: "You do not have access to this area." });
  return next({ ctx: { ...ctx, parentId: ctx.user.id, schoolId: ctx.user.schoolId } });
});
