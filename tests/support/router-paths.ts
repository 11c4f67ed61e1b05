import type { RouteObject } from "react-router";

/** Every path pattern the router serves, spelled from the root ("/super-admin/schools/:schoolId/view", "/parent/*"). */
export function routerPaths(tree: readonly RouteObject[], parent = ""): string[] {
  return tree.flatMap((route) => {
    const here = route.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${route.path}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [here || "/"] : [];
    return [...own, ...routerPaths(route.children ?? [], here)];
  });
}
