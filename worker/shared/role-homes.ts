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

/**
 * The pages of an area with a shell of their own (ADR 0088), by route pattern (a fixed path and a
 * last `:param`): those opened straight from outside the app, the parent's live view (the bus's
 * pushes and e-mails link to it) and the driver's run. The area's shell has only the chunks every
 * page of the area loads, so on a first visit such a page's own chunks and its data came after the
 * scripts had run; its shell (`dist/areas/parent/rides.html`) preloads them with the rest.
 */
export const PAGE_SHELL_PATTERNS = ["/parent/rides/:tripId", "/driver/runs/:tripId"] as const;

/** The fixed part of a page shell's pattern: `/parent/rides` for `/parent/rides/:tripId`. */
function patternPrefix(pattern: string): string {
  const prefix = /^(\/[\w/-]+)\/:\w+$/.exec(pattern)?.[1];
  if (!prefix) throw new Error(`page shell: "${pattern}" is not a fixed path and a last :param`);
  return prefix;
}

/** Where a page shell is: `/areas/parent/rides` for `/parent/rides/:tripId`. */
export function pageShellPath(pattern: string): string {
  return areaShellPath(patternPrefix(pattern));
}

/**
 * The shell `pathname` is answered with: its page's own (above) for a page that has one, else its
 * area's for any other page of an area but the home, else null.
 */
export function shellOf(pathname: string): string | null {
  const pattern = PAGE_SHELL_PATTERNS.find((candidate) => {
    const prefix = `${patternPrefix(candidate)}/`;
    if (!pathname.startsWith(prefix)) return false;
    const param = pathname.slice(prefix.length).replace(/\/$/, "");
    return param.length > 0 && !param.includes("/");
  });
  if (pattern) return pageShellPath(pattern);
  const area = areaOf(pathname);
  return area ? areaShellPath(area) : null;
}

/** The page shells of the area whose home is `home` (their own URLs). */
export function pageShellsOf(home: string): string[] {
  return PAGE_SHELL_PATTERNS.filter((pattern) => pattern.startsWith(`${home}/`)).map(pageShellPath);
}

/** Whether `pathname` is an area's or a page's shell's own URL (the service worker precaches them by it). */
export function isAreaShellPath(pathname: string): boolean {
  return Object.values(ROLE_HOMES).some(
    (home) => pathname === areaShellPath(home) || pageShellsOf(home).includes(pathname),
  );
}
