import { TRPCError } from "@trpc/server";
import { CONNECT_MESSAGES } from "#shared/connect-status.ts";
import { MESSAGES } from "#shared/messages.ts";
import { FORBIDDEN_REASONS, MFA_MESSAGES } from "#shared/mfa.ts";
import { DEFAULT_CURRENCY } from "#shared/money.ts";
import { said } from "#shared/said.ts";
import { DEFAULT_TIME_ZONE } from "#shared/school-time.ts";
import { subscriptionAllowsAccess } from "#shared/subscription.ts";
import type { SessionUser } from "../auth/users.ts";
import type { DriverScope, ParentScope, PublicScope, SchoolScope, SessionScope } from "../services/_shared/scope.ts";
import { AppError } from "../services/errors.ts";
import { actorOf } from "./actor.ts";
import type { Context } from "./context.ts";

/*
 * The procedure ladder: public → authed (UNAUTHORIZED) → one per role (FORBIDDEN). Each puts
 * `ctx.scope` in, the first argument of every service it calls (worker/services/_shared/scope.ts):
 * public `Scope` with a null actor, authed and super admin `Scope`, school admin `SchoolScope`,
 * parent `ParentScope`, driver `DriverScope`. The tenant comes from the session, never from input; `now` is read once.
 *
 * The ladder's rungs: each takes the request's context, refuses (throws) or returns what it adds
 * (`scope`, and for a signed-in user `auth` and `user`), building on the rung below. A procedure
 * runs its rung after the input guard, inside the error boundary, all in one tRPC middleware however
 * high its rung, since tRPC copies its options and the context at every middleware (ADR 0025, 0028).
 */

export const publicRung = (ctx: Context) => {
  const scope: PublicScope = {
    deps: ctx.deps,
    actor: ctx.auth ? actorOf(ctx.auth.user) : null,
    session: ctx.auth?.session ?? null,
    meta: ctx.meta,
    now: ctx.deps.now(),
  };
  return { scope };
};

export const authedRung = (ctx: Context) => {
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
    throw new TRPCError({ code: "FORBIDDEN", message: said(/*i18n*/ { id: "You do not have access to this area." }) });
  if (rung.user.mustChangePassword) throw new TRPCError({ code: "FORBIDDEN", message: PASSWORD_CHANGE_REQUIRED });
  return rung;
};

export const superAdminEnrollmentRung = roleRung("super_admin");

/** Production: a super admin without MFA gets nothing but the enrolment procedures. */
export const superAdminRung = (ctx: Context) => {
  const rung = superAdminEnrollmentRung(ctx);
  // The two-factor state came with the session (one query): no round trip here.
  if (!ctx.deps.config.localMode && !rung.auth.mfaEnabled) {
    throw new AppError("FORBIDDEN", MFA_MESSAGES.enrollmentRequired, {
      reason: FORBIDDEN_REASONS.mfaEnrollmentRequired,
    });
  }
  return rung;
};

export const SUBSCRIPTION_REQUIRED = "Your school's subscription is not active. Please renew it to continue.";

const schoolAdminRoleRung = roleRung("school_admin");

/** A school admin of their school, whatever its subscription: the subscribe page and billing. */
export const schoolBillingRung = (ctx: Context) => {
  const rung = schoolAdminRoleRung(ctx);
  const schoolId = rung.user.schoolId;
  if (!schoolId)
    throw new TRPCError({ code: "FORBIDDEN", message: said(/*i18n*/ { id: "You do not have access to this area." }) });
  const scope: SchoolScope = {
    ...rung.scope,
    actor: { ...rung.scope.actor, schoolId },
    schoolId,
    timeZone: rung.user.timeZone ?? DEFAULT_TIME_ZONE,
    phoneRegion: rung.user.phoneRegion,
    currency: rung.user.currency ?? DEFAULT_CURRENCY,
  };
  return { ...rung, scope };
};

/** An active or trialing subscription, whatever the payment account: the connect page. */
export const schoolConnectRung = (ctx: Context) => {
  const rung = schoolBillingRung(ctx);
  if (!subscriptionAllowsAccess(rung.user.subscriptionStatus))
    throw new TRPCError({ code: "FORBIDDEN", message: SUBSCRIPTION_REQUIRED });
  return rung;
};

/**
 * Everything else a school admin does also needs the school's Stripe account connected
 * (checked after the subscription gate; the state came with the session, no round trip here).
 */
export const schoolAdminRung = (ctx: Context) => {
  const rung = schoolConnectRung(ctx);
  if (!rung.user.paymentAccountConnected) {
    throw new AppError("FORBIDDEN", CONNECT_MESSAGES.required, { reason: FORBIDDEN_REASONS.connectRequired });
  }
  return rung;
};

const parentRoleRung = roleRung("parent");

export const parentRung = (ctx: Context) => {
  const rung = parentRoleRung(ctx);
  const schoolId = rung.user.schoolId;
  if (!schoolId)
    throw new TRPCError({ code: "FORBIDDEN", message: said(/*i18n*/ { id: "You do not have access to this area." }) });
  const scope: ParentScope = {
    ...rung.scope,
    actor: { ...rung.scope.actor, schoolId },
    schoolId,
    timeZone: rung.user.timeZone ?? DEFAULT_TIME_ZONE,
    phoneRegion: rung.user.phoneRegion,
    currency: rung.user.currency ?? DEFAULT_CURRENCY,
    parentId: rung.user.id,
  };
  return { ...rung, scope };
};

const driverRoleRung = roleRung("driver");

/** A driver of their school: the runs assigned to them (ADR 0057). */
export const driverRung = (ctx: Context) => {
  const rung = driverRoleRung(ctx);
  const schoolId = rung.user.schoolId;
  if (!schoolId)
    throw new TRPCError({ code: "FORBIDDEN", message: said(/*i18n*/ { id: "You do not have access to this area." }) });
  const scope: DriverScope = {
    ...rung.scope,
    actor: { ...rung.scope.actor, schoolId },
    schoolId,
    timeZone: rung.user.timeZone ?? DEFAULT_TIME_ZONE,
    phoneRegion: rung.user.phoneRegion,
    currency: rung.user.currency ?? DEFAULT_CURRENCY,
    driverId: rung.user.id,
  };
  return { ...rung, scope };
};
