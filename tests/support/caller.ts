import type { RoleValue } from "#shared/auth.ts";
import type { Locale } from "#shared/locales.ts";
import { markReauthenticated } from "#worker/auth/mfa.ts";
import { resolveAuth } from "#worker/trpc/context.ts";
import { createCallerFactory } from "#worker/trpc/init.ts";
import { appRouter } from "#worker/trpc/router.ts";
import { sessionCookieFor } from "./fixtures.ts";
import type { TestApp } from "./harness.ts";

const createCaller = createCallerFactory(appRouter);
const meta = { ipAddress: "192.0.2.60", userAgent: "vitest", requestId: "caller" };

/**
 * The app router called in-process as a signed-in user (a fresh session, in sudo mode), through the
 * whole procedure ladder: access, tenancy, validation and the services, without HTTP; `locale`: the
 * request's language (as its cookie would say it).
 */
export async function callerFor(t: TestApp, user: { id: string; role: RoleValue }, locale?: Locale) {
  const { cookie, session } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
  await markReauthenticated(t.db, session.id, t.clock.now());
  const auth = await resolveAuth(t.deps, cookie, locale);
  return createCaller({ deps: t.deps, meta, resHeaders: new Headers(), auth, ...(locale ? { locale } : {}) });
}

/** The code and message of a failed call. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error("expected the call to fail");
}
