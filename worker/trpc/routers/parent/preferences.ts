import { setPreferencesInput } from "#shared/preferences.ts";
import { myPreferences, setMyPreferences } from "#worker/services/notifications/preferences.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.preferences.*: My Account's Notifications (ADR 0066). */
export const parentPreferencesRouter = router({
  get: parentProcedure.query(({ ctx }) => myPreferences(ctx.scope)),
  set: parentProcedure.input(setPreferencesInput).mutation(({ ctx, input }) => setMyPreferences(ctx.scope, input)),
});
