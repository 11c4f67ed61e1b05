import { localeChoiceInput, schoolDefaultLocale, setSchoolDefaultLocale } from "#worker/services/auth/locale.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.language.*: the school's default language, always the session's school. */
export const languageRouter = router({
  get: schoolAdminProcedure.query(({ ctx }) => schoolDefaultLocale(ctx.scope)),
  update: schoolAdminProcedure
    .input(localeChoiceInput)
    .mutation(({ ctx, input }) => setSchoolDefaultLocale(ctx.scope, input)),
});
