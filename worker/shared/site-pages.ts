// No zod here: the Worker answers every page request with these, and the router's test reads them.

/**
 * Who may find a page. `public`: indexed and listed in /sitemap.xml (each is prerendered,
 * web/src/routes/page-meta.ts); `private`: kept out of search (robots.txt `Disallow`,
 * `X-Robots-Tag: noindex`); `not-found`: the router's Page Not Found, answered with 404.
 */
export type PageVisibility = "public" | "private" | "not-found";

/**
 * Every path the SPA's router (web/src/routes/router.tsx) serves, spelled as the router spells it
 * (`:param` is one segment), with who may find it. The server answers any other path with the
 * Page Not Found screen and status 404 (worker/app.ts); tests/node/site-pages.test.ts fails when
 * the router and this list differ, so a new route cannot be forgotten here.
 */
export const SPA_PAGES = {
  "/": "public",
  "/services": "public",
  "/privacy-policy": "public",
  "/terms-of-service": "public",
  "/gdpr-compliance": "public",
  "/cookie-policy": "public",
  "/login": "private",
  "/login/superadmin": "private",
  "/login/school": "private",
  "/login/parent": "private",
  "/login/driver": "private",
  "/get-started": "private",
  "/signup": "private",
  "/payment/success": "private",
  "/accept-invite": "private",
  "/forgot-password": "private",
  "/reset-password": "private",
  "/change-password": "private",
  "/404": "not-found",
  "/super-admin": "private",
  "/super-admin/schools": "private",
  "/super-admin/schools/:schoolId/view": "private",
  "/super-admin/pending-schools": "private",
  "/super-admin/invites": "private",
  "/super-admin/metrics": "private",
  "/super-admin/audit-logs": "private",
  "/super-admin/settings": "private",
  "/super-admin/security": "private",
  "/super-admin/language": "private",
  "/super-admin/change-password": "private",
  "/school-admin": "private",
  "/school-admin/subscribe": "private",
  "/school-admin/account": "private",
  "/school-admin/connect-stripe": "private",
  "/school-admin/trips": "private",
  "/school-admin/routes": "private",
  "/school-admin/routes/:routeId": "private",
  "/school-admin/live": "private",
  "/school-admin/live/runs/:runId": "private",
  "/school-admin/live/attendance": "private",
  "/school-admin/reports": "private",
  "/school-admin/notifications": "private",
  "/school-admin/flight-trips": "private",
  "/school-admin/invoices": "private",
  "/school-admin/parents": "private",
  "/school-admin/change-password": "private",
  "/parent": "private",
  "/parent/children": "private",
  "/parent/notifications": "private",
  "/parent/invoices": "private",
  "/parent/account": "private",
  "/parent/flight-trips": "private",
  "/parent/rides/:tripId": "private",
  "/parent/change-password": "private",
  "/driver": "private",
  "/driver/runs/:tripId": "private",
  "/driver/language": "private",
  "/driver/change-password": "private",
} as const satisfies Record<string, PageVisibility>;

export type SpaPath = keyof typeof SPA_PAGES;

/** Paths outside the SPA that search engines must not crawl either: the API and the local tools. */
const PRIVATE_PREFIXES = ["/api/", "/dev/"] as const;

const PATTERNS = Object.entries(SPA_PAGES).map(([path, visibility]) => ({
  segments: path.split("/").filter(Boolean),
  visibility,
}));

/**
 * The visibility of the page the SPA shows at `pathname`, or null when the router has no page for
 * it (its Page Not Found). Matches as the router does: case-insensitive, a trailing slash ignored,
 * a `:param` any one non-empty segment.
 */
export function pageVisibility(pathname: string): PageVisibility | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const segments = decoded.toLowerCase().split("/").filter(Boolean);
  for (const pattern of PATTERNS) {
    if (pattern.segments.length !== segments.length) continue;
    if (pattern.segments.every((segment, i) => segment.startsWith(":") || segment.toLowerCase() === segments[i]))
      return pattern.visibility;
  }
  return null;
}

/** The public pages, in the list's order: the sitemap's URLs. */
export const PUBLIC_PAGES = (Object.keys(SPA_PAGES) as SpaPath[]).filter((path) => SPA_PAGES[path] === "public");

/** What robots.txt disallows: each private page's first segment, and the API and local tools. */
export function disallowedPrefixes(): string[] {
  const areas = (Object.keys(SPA_PAGES) as SpaPath[])
    .filter((path) => SPA_PAGES[path] === "private")
    .map((path) => `/${path.split("/")[1]}`);
  return [...new Set([...areas, ...PRIVATE_PREFIXES])];
}
