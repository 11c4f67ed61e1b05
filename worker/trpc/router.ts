import { router } from "./init.ts";
import { authRouter } from "./routers/auth.ts";
import { parentRouter } from "./routers/parent.ts";
import { siteRouter } from "./routers/site.ts";
import { schoolAdminRouter } from "./routers/schoolAdmin.ts";
import { superAdminRouter } from "./routers/superAdmin.ts";

export const appRouter = router({
  auth: authRouter,
  superAdmin: superAdminRouter,
  schoolAdmin: schoolAdminRouter,
  parent: parentRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
