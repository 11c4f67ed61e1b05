import { newsletterSchema } from "#shared/site.ts";
import { subscribeToNewsletter } from "../../services/platform/newsletter.ts";
import { getPlatformSettings } from "../../services/platform/settings.ts";
import { publicProcedure, router } from "../init.ts";

/** What the public pages need. */
export const siteRouter = router({
  /** Public facts the pages show, from the platform settings (the support e-mail). */
  info: publicProcedure.query(async ({ ctx }) => ({ supportEmail: (await getPlatformSettings(ctx.deps.db)).supportEmail })),

  subscribeNewsletter: publicProcedure.input(newsletterSchema).mutation(async ({ ctx, input }) => {
    await subscribeToNewsletter(ctx.deps.db, input.email, ctx.meta.ipAddress, ctx.deps.now());
    return { ok: true as const };
  }),
});
