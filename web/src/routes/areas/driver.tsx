// The driver area's routes, found on the first navigation into it (router.tsx's `discoverAreaRoutes`).
import { roleArea } from "../area-route.tsx";
import { AT_WORK } from "../handles.ts";
import { page } from "../lazy.tsx";
import { prefetchLoader } from "../prefetch.ts";

export default roleArea("driver", "driver", [
  {
    index: true,
    lazy: page(() => import("../../pages/driver/DriverRunsPage.tsx")),
    loader: prefetchLoader("driver", "driverHome"),
  },
  { path: "runs/:tripId", handle: AT_WORK, lazy: page(() => import("../../pages/driver/DriverRunPage.tsx")) },
  { path: "language", lazy: page(() => import("../../pages/account/LanguagePage.tsx")) },
]);
