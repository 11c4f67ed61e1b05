import { lazy } from "react";

/**
 * The app's own notices (Install, the iOS guide, the data's age), loaded after the shell (a few KB the first paint does not
 * need; the service worker precaches them, so they come at once on a return visit or offline).
 */
export const AreaNotices = lazy(() => import("./AreaNotices.tsx"));
