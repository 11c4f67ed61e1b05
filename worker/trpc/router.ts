import { router } from "./init.ts";
import { authRouter } from "./routers/auth.ts";
import { parentRouter } from "./routers/parent.ts";
import { registrationRouter } from "./routers/registration.ts";
import { siteRouter } from "./routers/site.ts";
import { schoolAdminRouter } from "./routers/schoolAdmin.ts";
import { superAdminRouter } from "./routers/superAdmin.ts";

export const appRouter = router({
  auth: authRouter,
  superAdmin: superAdminRouter,
  schoolAdmin: schoolAdminRouter,
  parent: parentRouter,
  site: siteRouter,
  registration: registrationRouter,
});

export type AppRouter = typeof appRouter;
