import { newsletterSchema } from "../../schemas/site.ts";
import { subscribeToNewsletter } from "../../services/platform/newsletter.ts";
import { publicProcedure, router } from "../init.ts";

/** What the public pages need. */
export const siteRouter = router({
  subscribeNewsletter: publicProcedure.input(newsletterSchema).mutation(async ({ ctx, input }) => {
    await subscribeToNewsletter(ctx.deps.db, input.email, ctx.meta.ipAddress, ctx.deps.now());
    return { ok: true as const };
  }),
});
