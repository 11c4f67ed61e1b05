/**
 * Each role's home: its area of the app is every page under it. The browser's router and the server's
 * asset routing (an area's shell, ADR 0076) read the same list.
 */
export const ROLE_HOMES = {
  super_admin: "/super-admin",
  school_admin: "/school-admin",
  parent: "/parent",
  driver: "/driver",
} as const;

/**
 * Where an area's shell is (`dist/areas/parent.html`, written by scripts/prerender.ts): the SPA shell
 * with the chunks every page of the area loads preloaded. The server sends it for every page under
 * the home but the home itself, which has a shell of its own (ADR 0065).
 */
export function areaShellPath(home: string): string {
  return `/areas${home}`;
}

/** The home of the area `pathname` is a page of (not the home itself), or null. */
export function areaOf(pathname: string): string | null {
  return (
    Object.values(ROLE_HOMES).find((home) => pathname.startsWith(`${home}/`) && pathname.length > home.length + 1) ??
    null
  );
}

/** Whether `pathname` is an area shell's own URL (the service worker precaches them by it). */
export function isAreaShellPath(pathname: string): boolean {
  return Object.values(ROLE_HOMES).some((home) => pathname === areaShellPath(home));
}
