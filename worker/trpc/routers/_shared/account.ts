import { updateProfileInput } from "#shared/account.ts";
import { requestErasureInput } from "#shared/privacy.ts";
import { serializeClearedSessionCookie } from "#worker/auth/cookie.ts";
import { localeChoiceInput, setMyLocale } from "#worker/services/auth/locale.ts";
import { requestErasure } from "#worker/services/privacy/erase.ts";
import { exportData } from "#worker/services/privacy/export.ts";
import { myProfile, updateProfile } from "#worker/services/privacy/profile.ts";
import {
  driverProcedure,
  parentProcedure,
  router,
  schoolBillingProcedure,
  superAdminProcedure,
} from "#worker/trpc/init.ts";

/**
 * `/…/account` (`<role>.account.*`): the profile and its edit, and GD1's "Download my data" and "Delete my
 * account". The subject is the session's user. School admins reach it whatever their subscription
 * (a data right does not depend on paying).
 */
function accountRouter(procedure: typeof parentProcedure | typeof schoolBillingProcedure) {
  return router({
    /** Name, e-mail, phone, address, last sign-in and school (and a parent's emergency contact) for the account page. */
    profile: procedure.query(({ ctx }) => myProfile(ctx.scope)),
    /** Edit Profile: phone and address (and a parent's emergency contact), by sign-up's rules. */
    updateProfile: procedure.input(updateProfileInput).mutation(({ ctx, input }) => updateProfile(ctx.scope, input)),
    /** My Account → Language: the person's own language (their pages, e-mails, pushes and notices). */
    setLocale: procedure.input(localeChoiceInput).mutation(({ ctx, input }) => setMyLocale(ctx.scope, input)),
    exportData: procedure.mutation(({ ctx }) => exportData(ctx.scope)),
    requestErasure: procedure.input(requestErasureInput).mutation(async ({ ctx, input }) => {
      await requestErasure(ctx.scope, input);
      ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie(ctx.deps.config));
      return { erased: true as const };
    }),
  });
}

export const parentAccountRouter = accountRouter(parentProcedure);
export const schoolAdminAccountRouter = accountRouter(schoolBillingProcedure);

/** `/driver/language` and `/super-admin/language` (`<role>.account.setLocale`): their own language, the one account setting they keep here. */
function languageOnlyRouter(procedure: typeof driverProcedure | typeof superAdminProcedure) {
  return router({
    setLocale: procedure.input(localeChoiceInput).mutation(({ ctx, input }) => setMyLocale(ctx.scope, input)),
  });
}

export const driverAccountRouter = languageOnlyRouter(driverProcedure);
export const superAdminAccountRouter = languageOnlyRouter(superAdminProcedure);
