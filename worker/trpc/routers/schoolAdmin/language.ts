import { localeChoiceInput, setSchoolDefaultLocale } from "#worker/services/auth/locale.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.language.*: the school's default language (its card reads it with the dashboard), always the session's school. */
export const languageRouter = router({
  update: schoolAdminProcedure
    .input(localeChoiceInput)
    .mutation(({ ctx, input }) => setSchoolDefaultLocale(ctx.scope, input)),
});
