import { updatePlatformSettingsInput } from "#shared/settings.ts";
import { getPlatformSettings, updatePlatformSettings } from "#worker/services/platform/settings.ts";
import { router, superAdminProcedure, superAdminSudoProcedure } from "#worker/trpc/init.ts";

/** Platform settings: superAdmin.settings.*. */
export const settingsRouter = router({
  get: superAdminProcedure.query(({ ctx }) => getPlatformSettings(ctx.scope)),
  /** Sudo mode (SE6). */
  update: superAdminSudoProcedure
    .input(updatePlatformSettingsInput)
    .mutation(({ ctx, input }) => updatePlatformSettings(ctx.scope, input)),
});
