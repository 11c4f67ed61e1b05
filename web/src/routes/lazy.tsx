/**
 * How a route's module loads (the public routes in router.tsx and the role areas' in areas.tsx):
 * route-level code splitting, each page its own chunk.
 */
import type { ComponentType } from "react";
import { type CatalogArea, loadCatalog } from "../i18n/i18n.ts";
import type { Role } from "../lib/session.ts";

/** A route whose page has a catalog of its own (web/src/i18n/areas.ts PAGE_CATALOGS): both load together. */
export const withCatalog =
  <T,>(area: CatalogArea, load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadCatalog(area)]))[0];

/** Route-level code splitting: each page is its own chunk; public pages load no admin code. */
export const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A page module whose component takes fixed props (one screen serving two routes). */
export function withProps<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, props: P) {
  return async () => {
    const { default: Page } = await load();
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route when its module loads, not during a render
    return { Component: () => <Page {...props} /> };
  };
}

/**
 * A route that reads or writes server data: loaded together with the data layer (query cache, tRPC
 * client; not in the entry, so the public content pages load without it) and rendered inside it.
 */
export const withData = (load: () => Promise<ComponentType>) => async () => {
  const [Inner, { DataProvider }] = await Promise.all([load(), import("../lib/data.tsx")]);
  return {
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route when its module loads, not during a render
    Component: () => (
      <DataProvider>
        <Inner />
      </DataProvider>
    ),
  };
};
export const dataPage = (load: () => Promise<{ default: ComponentType }>) =>
  withData(async () => (await load()).default);

/** The route guard, with the data layer it reads the session from. */
export const guarded = (roles: readonly Role[] | "any") =>
  withData(async () => {
    const { RequireRole } = await import("./guards.tsx");
    return () => <RequireRole roles={roles} />;
  });

/** Each area's own Change Password page (and the forced first change in the public layout). */
export const changePasswordPage = page(() => import("../pages/auth/ChangePasswordPage.tsx"));
