import type { AnyRouter } from "@trpc/server";
import { acceptedLanguages, type Locale, negotiateLocale, requestLocale } from "#shared/locales.ts";
import { readSessionCookie, serializeClearedSessionCookie } from "../auth/cookie.ts";
import { prepareSessionLookup, type SessionAuth, type SessionLookup } from "../auth/session.ts";
import type { AppDeps } from "../deps.ts";
import type { RequestMeta } from "../services/audit.ts";

/* The tRPC context: the request's dependencies, where it came from, and the signed-in user (if any). */

export type Auth = SessionAuth;

export type Context = {
  deps: AppDeps;
  meta: RequestMeta;
  /** Response headers (Set-Cookie) the procedures may add to. */
  resHeaders: Headers;
  /** The request's Cookie header, for the cookies other than the session's (the sign-in device cookie). */
  cookieHeader?: string | null;
  auth: Auth | null;
  /** The requester's language (its cookie, else Accept-Language): refusals are said in it. English when absent. */
  locale?: Locale;
  /** The best of our languages for the browser's Accept-Language alone (a sign-in's last resort, ADR 0084). */
  browserLocale?: Locale;
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

/**
 * Cookie → the signed-in user, or null. Made once per app (`createApp`) with its prepared statement.
 * `requestLocale`: the request's language, which a super admin without a saved one reads in (ADR 0084).
 */
export type AuthResolver = (cookieHeader: string | null, requestLocale?: Locale) => Promise<Auth | null>;

export function authResolver(deps: AppDeps, lookup: SessionLookup = prepareSessionLookup(deps.db)): AuthResolver {
  return async (cookieHeader, requestLocale) => {
    const token = readSessionCookie(deps.config, cookieHeader);
    return token ? lookup(token, deps.now(), requestLocale) : null;
  };
}

/** One-off resolution (tests build contexts with it); the app uses its own `authResolver`. */
export function resolveAuth(deps: AppDeps, cookieHeader: string | null, requestLocale?: Locale): Promise<Auth | null> {
  return authResolver(deps)(cookieHeader, requestLocale);
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
  const locale = requestLocale(request.headers);
  const auth = await resolve(cookieHeader, locale);
  // A cookie that names no live session is cleared, so the browser stops sending it.
  if (!auth && readSessionCookie(deps.config, cookieHeader)) {
    resHeaders.append("Set-Cookie", serializeClearedSessionCookie(deps.config));
  }
  const browserLocale = negotiateLocale(acceptedLanguages(request.headers.get("accept-language")));
  return {
    deps,
    meta,
    resHeaders,
    cookieHeader,
    auth,
    locale,
    browserLocale,
    ...(inputlessPaths ? { inputlessPaths } : {}),
  };
}
