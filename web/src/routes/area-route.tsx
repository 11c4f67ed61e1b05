/**
 * What a role area's routes are made of (each area's routes are in web/src/routes/areas/, found by
 * router.tsx's `discoverAreaRoutes`): in the `area` chunk with the data layer and the guard
 * (vite.config.ts), which every area page loads first anyway.
 */
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { AreaFrame } from "../components/shell/frame.tsx";
import type { Role } from "../lib/session.ts";
import { changePasswordPage, guarded, page } from "./lazy.tsx";
import { prefetchLoader } from "./prefetch.ts";
import type { PrefetchName } from "./prefetch-queries.ts";

/** What every page of an area shows besides the page: the school admin's and the parent's bell. */
const SHELL_PREFETCH = {
  super_admin: [],
  school_admin: ["schoolAdminShell"],
  parent: ["parentShell"],
  driver: [],
} as const satisfies Record<Role, readonly PrefetchName[]>;

/** Each area's shell is its own chunk, with only that area's menu and icons. */
const SHELLS: Record<Role, () => Promise<{ default: ComponentType }>> = {
  super_admin: () => import("../components/shell/SuperAdminShell.tsx"),
  school_admin: () => import("../components/shell/SchoolAdminShell.tsx"),
  parent: () => import("../components/shell/ParentShell.tsx"),
  driver: () => import("../components/shell/DriverShell.tsx"),
};

/**
 * A role's area: guarded by role, inside the app shell, with its own Change Password page (the
 * sidebar's link; `/change-password` in the public layout stays for the forced first change) and
 * its own not-found page. Its loader starts the session check; the pages' loaders start their first
 * queries in the same tick (one HTTP request, see prefetch.ts).
 */
export const roleArea = (path: string, role: Role, children: RouteObject[]): RouteObject => ({
  path,
  lazy: guarded([role]),
  loader: prefetchLoader(role, ...SHELL_PREFETCH[role]),
  hydrateFallbackElement: <AreaFrame />,
  children: [
    {
      lazy: page(SHELLS[role]),
      children: [
        ...children,
        { path: "change-password", lazy: changePasswordPage },
        { path: "*", lazy: page(() => import("../pages/public/NotFoundPage.tsx")) },
      ],
    },
  ],
});
