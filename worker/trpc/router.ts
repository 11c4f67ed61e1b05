import { router } from "./init.ts";
import { authRouter } from "./routers/auth/index.ts";
import { driverRouter } from "./routers/driver/index.ts";
import { parentRouter } from "./routers/parent/index.ts";
import { registrationRouter } from "./routers/public/registration.ts";
import { siteRouter } from "./routers/public/site.ts";
import { schoolAdminRouter } from "./routers/schoolAdmin/index.ts";
import { superAdminRouter } from "./routers/superAdmin/index.ts";

/** Routers per role (worker/trpc/routers/<role>/<domain>.ts); auth, site and registration are public. */
export const appRouter = router({
  auth: authRouter,
  superAdmin: superAdminRouter,
  schoolAdmin: schoolAdminRouter,
  parent: parentRouter,
  driver: driverRouter,
  site: siteRouter,
  registration: registrationRouter,
});

export type AppRouter = typeof appRouter;
