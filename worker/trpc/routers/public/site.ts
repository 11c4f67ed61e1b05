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

  /**
   * The maps' background tiles (URL template and attribution), or null for a plain background (ADR
   * 0048); and whether the route editor offers address search (GEOCODER_URL is set, ADR 0054).
   */
  map: publicProcedure.query(({ ctx }) => {
    const tiles = ctx.deps.config.mapTiles;
    return {
      addressSearch: ctx.deps.config.geocoderUrl !== undefined,
      tiles: tiles && {
        urlTemplate: tiles.urlTemplate,
        attribution: tiles.attribution,
        attributionUrl: tiles.attributionUrl,
      },
    };
  }),

  subscribeNewsletter: publicProcedure.input(subscribeNewsletterInput).mutation(async ({ ctx, input }) => {
    await subscribeNewsletter(ctx.scope, input);
    return { ok: true as const };
  }),
});
