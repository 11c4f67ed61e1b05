import { subscribeNewsletterInput } from "#shared/site.ts";
import { subscribeNewsletter } from "#worker/services/platform/newsletter.ts";
import { getPlatformSettings } from "#worker/services/platform/settings.ts";
import { publicProcedure, router } from "#worker/trpc/init.ts";

/** What the public pages need. */
export const siteRouter = router({
  /** Public facts the pages show, from the platform settings (the support e-mail). */
  info: publicProcedure.query(async ({ ctx }) => ({
    supportEmail: (await getPlatformSettings(ctx.scope)).supportEmail,
  })),

  subscribeNewsletter: publicProcedure.input(subscribeNewsletterInput).mutation(async ({ ctx, input }) => {
    await subscribeNewsletter(ctx.scope, input);
    return { ok: true as const };
  }),
});
