import { type AnyRouter, getTRPCErrorFromUnknown, initTRPC, TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { CONNECT_MESSAGES } from "#shared/connect-status.ts";
import { MESSAGES } from "#shared/messages.ts";
import { FORBIDDEN_REASONS, MFA_MESSAGES } from "#shared/mfa.ts";
import { DEFAULT_TIME_ZONE } from "#shared/school-time.ts";
import { subscriptionAllowsAccess } from "#shared/subscription.ts";
import { inputTextRefusal, VALIDATION_ERROR } from "#shared/well-formed.ts";
import { readSessionCookie, serializeClearedSessionCookie } from "../auth/cookie.ts";
import { prepareSessionLookup, type SessionAuth, type SessionLookup } from "../auth/session.ts";
import type { SessionUser } from "../auth/users.ts";
import type { AppDeps } from "../deps.ts";
import type { ParentScope, PublicScope, SchoolScope, SessionScope } from "../services/_shared/scope.ts";
import type { RequestMeta } from "../services/audit.ts";
import { recordAuthorizationDenial } from "../services/audit-denials.ts";
import { assertSudo } from "../services/auth/sudo.ts";
import { AppError } from "../services/errors.ts";
import { actorOf } from "./actor.ts";
import { transformer } from "./output-transformer.ts";

/* ------------------------------------------------------------------------------------------------
 * 1. Context: the request's dependencies, where it came from, and the signed-in user (if any).
 * ----------------------------------------------------------------------------------------------*/

export type Auth = SessionAuth;

export type Context = {
  deps: AppDeps;
  meta: RequestMeta;
  /** Response headers (Set-Cookie) the procedures may add to. */
  resHeaders: Headers;
  /** The request's Cookie header, for the cookies other than the session's (the sign-in device cookie). */
  cookieHeader?: string | null;
  auth: Auth | null;
  /** Paths of the procedures that take no input (see `inputlessProcedurePaths`); they refuse any. */
  inputlessPaths?: ReadonlySet<string>;
};

/** The procedures of a router declared without `.input()`, by path. */
export function inputlessProcedurePaths(appRouter: AnyRouter): ReadonlySet<string> {
  const procedures = appRouter._def.procedures as Record<string, { _def: { inputs: unknown[] } }>;
  return new Set(
    Object.entries(procedures)
      .filter(([, procedure]) => procedure._def.inputs.length === 0)
      .map(([path]) => path),
  );
}

/** Cookie → the signed-in user, or null. Made once per app (`createApp`) with its prepared statement. */
export type AuthResolver = (cookieHeader: string | null) => Promise<Auth | null>;

export function authResolver(deps: AppDeps, lookup: SessionLookup = prepareSessionLookup(deps.db)): AuthResolver {
  return async (cookieHeader) => {
    const token = readSessionCookie(deps.config, cookieHeader);
    return token ? lookup(token, deps.now()) : null;
  };
}

/** One-off resolution (tests build contexts with it); the app uses its own `authResolver`. */
export function resolveAuth(deps: AppDeps, cookieHeader: string | null): Promise<Auth | null> {
  return authResolver(deps)(cookieHeader);
}

/**
 * Called once per HTTP request, however many procedures a batched request carries, so the session
 * is looked up once for all of them.
 */
export async function createContext(
  deps: AppDeps,
  request: Request,
  resHeaders: Headers,
  meta: RequestMeta,
  inputlessPaths?: ReadonlySet<string>,
  resolve: AuthResolver = authResolver(deps),
): Promise<Context> {
  const cookieHeader = request.headers.get("cookie");
  const auth = await resolve(cookieHeader);
  // A cookie that names no live session is cleared, so the browser stops sending it.
  if (!auth && readSessionCookie(deps.config, cookieHeader)) {
    resHeaders.append("Set-Cookie", serializeClearedSessionCookie(deps.config));
  }
  return { deps, meta, resHeaders, cookieHeader, auth, ...(inputlessPaths ? { inputlessPaths } : {}) };
}

/* ------------------------------------------------------------------------------------------------
 * 2. Initialisation: superjson, and errors whose message is the one a user should read.
 * ----------------------------------------------------------------------------------------------*/

export const GENERIC_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";

const t = initTRPC.context<Context>().create({
  // superjson both ways; outputs through a one-pass serializer that builds the same payload (ADR 0028).
  transformer,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const appError = error.cause instanceof AppError ? error.cause : null;
    let message = shape.message;
    if (zodError) message = zodError.issues[0]?.message ?? VALIDATION_ERROR;
    // Malformed JSON or superjson, a bad batch: never the parser's own text. Services' own
    // refusals are AppErrors and keep their message.
    else if ((error.code === "PARSE_ERROR" || error.code === "BAD_REQUEST") && !appError) message = VALIDATION_ERROR;
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
        /** Why a FORBIDDEN happened, for the web app (sudo prompt, MFA enrolment). */
        reason: appError?.details?.reason ?? null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/* ------------------------------------------------------------------------------------------------
 * 3. Procedures: public → authed (UNAUTHORIZED) → one per role (FORBIDDEN). Each puts `ctx.scope`
 *    in, the first argument of every service it calls (worker/services/_shared/scope.ts): public
 *    `Scope` with a null actor, authed and super admin `Scope`, school admin `SchoolScope`, parent
 *    `ParentScope`. The tenant comes from the session, never from input; `now` is read once.
 * ----------------------------------------------------------------------------------------------*/

/**
 * The error boundary: turns service errors into tRPC errors, audits a signed-in user's FORBIDDEN
 * or NOT_FOUND (LG1) and logs the unexpected ones. Throws the error to answer with, or returns.
 */
async function onFailure(ctx: Context, path: string, error: TRPCError): Promise<void> {
  const cause = error.cause;
  const code = cause instanceof AppError ? cause.code : error.code;
  if (ctx.auth && (code === "FORBIDDEN" || code === "NOT_FOUND")) await logDenial(ctx, path, code);
  if (cause instanceof AppError) {
    // 429 and 503 say when to come back, in the body and as the standard header.
    const retryAfter = cause.details?.retryAfterSeconds;
    if (retryAfter !== undefined) ctx.resHeaders.set("Retry-After", String(retryAfter));
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  if (error.code === "INTERNAL_SERVER_ERROR") {
    ctx.deps.logger.error("procedure failed", {
      path,
      requestId: ctx.meta.requestId,
      error: String(cause?.stack ?? error.message),
    });
  }
}

/** LG1: audit an authorization denial; a failed insert is logged and never fails the request. */
async function logDenial(ctx: Context, path: string, code: "FORBIDDEN" | "NOT_FOUND") {
  const user = ctx.auth!.user;
  try {
    await recordAuthorizationDenial(
      ctx.deps.db,
      { path, code, userId: user.id, role: user.role, schoolId: user.schoolId },
      ctx.meta,
      ctx.deps.now(),
    );
  } catch (error) {
    ctx.deps.logger.error("audit: authorization denial not recorded", {
      path,
      requestId: ctx.meta.requestId,
      error: String(error),
    });
  }
}

/** No input: nothing, null, or `{}` (a plain object, not a Date, Map or Set that superjson made). */
const isEmptyInput = (raw: unknown) =>
  raw === undefined ||
  raw === null ||
  (typeof raw === "object" && Object.getPrototypeOf(raw) === Object.prototype && Object.keys(raw).length === 0);

/**
 * IN1, for every procedure before anything else runs: the raw input holds only well-formed Unicode
 * (a lone surrogate would be stored and later crash the database driver) and no NUL (IN2: the
 * driver would read the text back cut short at it), and a procedure declared without input accepts
 * none (no unknown keys). Schemas refuse unknown keys for the others.
 */
async function guardInput(ctx: Context, path: string, getRawInput: () => Promise<unknown>) {
  const raw = await getRawInput();
  const refusal =
    inputTextRefusal(raw) ?? (ctx.inputlessPaths?.has(path) && !isEmptyInput(raw) ? VALIDATION_ERROR : null);
  // An AppError, so the answer keeps its message (a NUL is told so, not just "Validation Error").
  if (refusal) throw new AppError("BAD_REQUEST", refusal);
}

/*
 * The ladder's rungs: each takes the request's context, refuses (throws) or returns what it adds
 * (`scope`, and for a signed-in user `auth` and `user`), building on the rung below. A procedure
 * runs its rung after the input guard, inside the error boundary, all in one tRPC middleware however
 * high its rung, since tRPC copies its options and the context at every middleware (ADR 0025, 0028).
 */

const publicRung = (ctx: Context) => {
  const scope: PublicScope = {
    deps: ctx.deps,
    actor: ctx.auth ? actorOf(ctx.auth.user) : null,
    session: ctx.auth?.session ?? null,
    meta: ctx.meta,
    now: ctx.deps.now(),
  };
  return { scope };
};

const authedRung = (ctx: Context) => {
  const auth = ctx.auth;
  if (!auth) throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.notAuthenticated });
  const scope: SessionScope = {
    deps: ctx.deps,
    actor: actorOf(auth.user),
    session: auth.session,
    meta: ctx.meta,
    now: ctx.deps.now(),
  };
  return { auth, user: auth.user, scope };
};

export const PASSWORD_CHANGE_REQUIRED = "You must change your password before continuing.";

const roleRung = (role: SessionUser["role"]) => (ctx: Context) => {
  const rung = authedRung(ctx);
  if (rung.user.role !== role)
    throw new TRPCError({ code: "FORBIDDEN", message: "You do not have access to this area." });
  if (rung.user.mustChangePassword) throw new TRPCError({ code: "FORBIDDEN", message: PASSWORD_CHANGE_REQUIRED });
  return rung;
};

const superAdminEnrolmentRung = roleRung("super_admin");

/** Production: a super admin without MFA gets nothing but the enrolment procedures. */
const superAdminRung = (ctx: Context) => {
  const rung = superAdminEnrolmentRung(ctx);
  // The two-factor state came with the session (one query): no round trip here.
  if (!ctx.deps.config.localMode && !rung.auth.mfaEnabled) {
    throw new AppError("FORBIDDEN", MFA_MESSAGES.enrolmentRequired, { reason: FORBIDDEN_REASONS.mfaEnrolmentRequired });
  }
  return rung;
};

export const SUBSCRIPTION_REQUIRED = "Your school's subscription is not active. Please renew it to continue.";

const schoolAdminRoleRung = roleRung("school_admin");

/** A school admin of their school, whatever its subscription: the subscribe page and billing. */
const schoolBillingRung = (ctx: Context) => {
  const rung = schoolAdminRoleRung(ctx);
  const schoolId = rung.user.schoolId;
  if (!schoolId) throw new TRPCError({ code: "FORBIDDEN", message: "You do not have access to this area." });
  const scope: SchoolScope = {
    ...rung.scope,
    actor: { ...rung.scope.actor, schoolId },
    schoolId,
    timeZone: rung.user.timeZone ?? DEFAULT_TIME_ZONE,
    phoneRegion: rung.user.phoneRegion,
  };
  return { ...rung, scope };
};

/** An active or trialing subscription (spec §4), whatever the payment account: the connect page. */
const schoolConnectRung = (ctx: Context) => {
  const rung = schoolBillingRung(ctx);
  if (!subscriptionAllowsAccess(rung.user.subscriptionStatus))
    throw new TRPCError({ code: "FORBIDDEN", message: SUBSCRIPTION_REQUIRED });
  return rung;
};

/**
 * Everything else a school admin does also needs the school's Stripe account connected (spec §2,
 * after the subscription gate; the state came with the session, no round trip here).
 */
const schoolAdminRung = (ctx: Context) => {
  const rung = schoolConnectRung(ctx);
  if (!rung.user.paymentAccountConnected) {
    throw new AppError("FORBIDDEN", CONNECT_MESSAGES.required, { reason: FORBIDDEN_REASONS.connectRequired });
  }
  return rung;
};

const parentRoleRung = roleRung("parent");

const parentRung = (ctx: Context) => {
  const rung = parentRoleRung(ctx);
  const schoolId = rung.user.schoolId;
  if (!schoolId) throw new TRPCError({ code: "FORBIDDEN", message: "You do not have access to this area." });
  const scope: ParentScope = {
    ...rung.scope,
    actor: { ...rung.scope.actor, schoolId },
    schoolId,
    timeZone: rung.user.timeZone ?? DEFAULT_TIME_ZONE,
    phoneRegion: rung.user.phoneRegion,
    parentId: rung.user.id,
  };
  return { ...rung, scope };
};

/** The input guard and the rung; a refusal goes through the boundary as tRPC hands a thrown error on. */
async function enterRung<Added extends object>(
  ctx: Context,
  path: string,
  getRawInput: () => Promise<unknown>,
  rung: (ctx: Context) => Added,
): Promise<Added> {
  try {
    await guardInput(ctx, path, getRawInput);
    return rung(ctx);
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    await onFailure(ctx, path, error);
    throw error;
  }
}

/** A procedure on a rung, in one middleware: the input guard and the rung inside the error boundary. */
function procedureOn<Added extends object>(rung: (ctx: Context) => Added) {
  return t.procedure.use(async ({ ctx, path, getRawInput, next }) => {
    const result = await next({ ctx: await enterRung(ctx, path, getRawInput, rung) });
    if (!result.ok) await onFailure(ctx, path, result.error);
    return result;
  });
}

export const publicProcedure = procedureOn(publicRung);
export const authedProcedure = procedureOn(authedRung);

/**
 * A super admin, whether or not they have MFA yet: only the enrolment procedures (and auth.*) use
 * it directly. Everything else goes through `superAdminProcedure`.
 */
export const superAdminEnrolmentProcedure = procedureOn(superAdminEnrolmentRung);
export const superAdminProcedure = procedureOn(superAdminRung);

/**
 * SE6 sudo mode: add `.use(requireSudo)` to a procedure whose action needs the password (and TOTP
 * code) re-entered within the last 10 minutes: deleting a school, platform settings, MFA changes,
 * later a school's payment settings and payout account.
 */
export const requireSudo = t.middleware(async ({ ctx, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.notAuthenticated });
  await assertSudo(ctx.deps.db, ctx.auth.session, ctx.auth.user, ctx.deps.now());
  return next();
});

export const superAdminSudoProcedure = superAdminProcedure.use(requireSudo);
export const schoolBillingProcedure = procedureOn(schoolBillingRung);
export const schoolConnectProcedure = procedureOn(schoolConnectRung);
export const schoolAdminProcedure = procedureOn(schoolAdminRung);
export const parentProcedure = procedureOn(parentRung);
