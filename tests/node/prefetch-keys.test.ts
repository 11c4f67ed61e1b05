/**
 * The routes' prefetches (web/src/routes/prefetch-queries.ts) only help when their cache keys are the
 * ones the page's hooks ask for. For every prefetch name, the test renders the real route (router,
 * guards, shell and page, the session and two-factor status in the cache) to markup and records every
 * query the rendered components ask the cache for; each query the prefetch starts must be among them.
 */
import { hashKey, type QueryKey } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { queryClient, trpc } from "../../web/src/lib/data.tsx";
import type { SessionUser } from "../../web/src/lib/session.ts";
import { allRoutes as routes } from "../../web/src/routes/all-routes.ts";
import { PREFETCHES, type PrefetchName, type Start } from "../../web/src/routes/prefetch-queries.ts";
import { withI18n } from "./setup-i18n.ts";

/** A page where each prefetch's queries are read, as the route that starts it opens from the menu. */
const PAGE_OF = {
  session: "/parent/children",
  mfaStatus: "/super-admin/schools",
  superAdminHome: "/super-admin",
  schoolAdminHome: "/school-admin",
  parentHome: "/parent",
  driverHome: "/driver",
  schoolAdminShell: "/school-admin/parents",
  parentShell: "/parent/account",
  trips: "/school-admin/trips",
  schoolAdminNotifications: "/school-admin/notifications",
  parentChildren: "/parent/children",
  parentNotifications: "/parent/notifications",
  schoolAdminInvoices: "/school-admin/invoices",
  parentInvoices: "/parent/invoices",
  parentFlightTrips: "/parent/flight-trips",
  parentLive: "/parent/rides/trip-1",
} satisfies Record<PrefetchName, string>;

const ROLE_OF_AREA = {
  "super-admin": "super_admin",
  "school-admin": "school_admin",
  parent: "parent",
  driver: "driver",
} as const;

function signIn(path: string) {
  const area = path.split("/")[1] as keyof typeof ROLE_OF_AREA;
  const user = {
    id: "user-1",
    name: "Pat Example",
    email: "pat@example.com",
    role: ROLE_OF_AREA[area],
    mustChangePassword: false,
    subscriptionStatus: "active",
    paymentAccountConnected: true,
    timeZone: "America/New_York",
    phoneRegion: "US",
  } as unknown as SessionUser;
  queryClient.clear();
  queryClient.setQueryData(trpc.auth.me.queryKey(), user);
  queryClient.setQueryData(trpc.superAdmin.security.status.queryKey(), {
    enabled: true,
    required: false,
    recoveryCodesLeft: 8,
  } as never);
}

/** Every query the route's components ask the cache for while it renders. */
async function queriesRendered(path: string): Promise<Set<string>> {
  signIn(path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  expect(router.state.location.pathname, "the route renders without a redirect").toBe(path);
  const cache = queryClient.getQueryCache();
  const asked = new Set<string>();
  const build = cache.build.bind(cache);
  cache.build = ((client, options, state) => {
    asked.add(hashKey(options.queryKey as QueryKey));
    return build(client, options, state);
  }) as typeof cache.build;
  try {
    renderToStaticMarkup(withI18n(createElement(RouterProvider, { router })));
  } finally {
    cache.build = build;
    router.dispose();
  }
  return asked;
}

function prefetchedKeys(name: PrefetchName): string[] {
  const keys: string[] = [];
  const record: Start = (options) => void keys.push(hashKey(options.queryKey));
  PREFETCHES[name](trpc, record);
  return keys;
}

describe("route prefetches", () => {
  it.each(Object.entries(PAGE_OF) as [PrefetchName, string][])(
    "%s: every query it starts is one %s asks for",
    async (name, path) => {
      const keys = prefetchedKeys(name);
      expect(keys.length).toBeGreaterThan(0);
      const asked = await queriesRendered(path);
      for (const key of keys) expect([...asked], `${name} prefetches ${key}`).toContain(key);
    },
  );
});
