/**
 * The client's route table is declared once (web/src/routes/router.tsx, areas.tsx): each page's
 * module loads with its route's `lazy`, which fills that route in and adds none; the role areas'
 * routes are added once, on the first navigation into an area (`patchRoutesOnNavigation`). A session
 * of many page visits keeps the same table, however often the pages are visited again.
 */
import { readFileSync } from "node:fs";
import type { DataRouteObject } from "react-router";
import { createMemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { queryClient, trpc } from "../../web/src/lib/data.tsx";
import type { SessionUser } from "../../web/src/lib/session.ts";
import { discoverAreaRoutes, routes } from "../../web/src/routes/router.tsx";

const PAGES = [
  "/",
  "/services",
  "/login",
  "/login/parent",
  "/get-started",
  "/no-such-page",
  "/parent",
  "/parent/children",
  "/parent/notifications",
  "/parent/rides/some-run",
  "/parent/no-such-page",
];

/** Every route of the table, as "id path", depth first. */
function table(tree: readonly DataRouteObject[]): string[] {
  return tree.flatMap((route) => [`${route.id} ${route.path ?? ""}`, ...table(route.children ?? [])]);
}

describe("the client's route table", () => {
  it("is the one the app's router is made with, with the same options", () => {
    const main = readFileSync(new URL("../../web/src/main.tsx", import.meta.url), "utf8");
    // Options added there belong in the router made below too.
    expect(main.match(/create\w*Router\([^)]*\)/g)).toEqual([
      "createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAreaRoutes })",
    ]);
  });

  it("stays the same size, route for route, however many pages are visited and revisited", async () => {
    queryClient.clear();
    queryClient.setQueryData(trpc.auth.me.queryKey(), {
      id: "user-1",
      name: "Pat Example",
      email: "pat@example.com",
      role: "parent",
      mustChangePassword: false,
      timeZone: "America/Chicago",
      phoneRegion: "US",
    } as unknown as SessionUser);
    const router = createMemoryRouter(routes, { initialEntries: ["/"], patchRoutesOnNavigation: discoverAreaRoutes });
    try {
      await new Promise<void>((resolve) => {
        if (router.state.initialized) resolve();
        else router.subscribe((state) => state.initialized && resolve());
      });
      // The public pages only, until a navigation goes into an area.
      expect(table(router.routes).some((row) => row.endsWith(" parent"))).toBe(false);
      await router.navigate("/no-such-page");
      expect(table(router.routes).some((row) => row.endsWith(" parent"))).toBe(false);
      await router.navigate("/parent/children");
      expect(router.state.matches.at(-1)?.route.path).toBe("children");
      const before = table(router.routes);
      expect(before.length).toBeGreaterThan(30);
      for (let round = 0; round < 3; round++)
        for (const path of PAGES) {
          await router.navigate(path);
          expect(router.state.location.pathname).toBe(path);
          expect(table(router.routes)).toEqual(before);
        }
    } finally {
      router.dispose();
      queryClient.clear();
    }
  });

  it("finds an area's routes for a navigation that replaced one still waiting for them (a second tap)", async () => {
    vi.resetModules(); // The area's routes not discovered yet in this module instance.
    const fresh = await import("../../web/src/routes/router.tsx");
    const router = createMemoryRouter(fresh.routes, {
      initialEntries: ["/"],
      patchRoutesOnNavigation: fresh.discoverAreaRoutes,
    });
    try {
      await new Promise<void>((resolve) => {
        if (router.state.initialized) resolve();
        else router.subscribe((state) => state.initialized && resolve());
      });
      // The second navigation cancels the first while the area's module is on its way.
      const first = router.navigate("/super-admin/schools");
      await router.navigate("/super-admin/invites");
      await first;
      expect(router.state.location.pathname).toBe("/super-admin/invites");
      expect(router.state.matches.map((match) => match.route.path)).toContain("invites");
    } finally {
      router.dispose();
    }
  });
});
