import type { SpaPath } from "#shared/site-pages.ts";

/**
 * The prerendered public pages and their metadata, in one place: scripts/prerender.ts writes one HTML
 * file per entry with this title, description, canonical URL and Open Graph/Twitter tags. Each title
 * is the one the page itself sets, so nothing changes when the page hydrates.
 */
export type PageMeta = { path: SpaPath; title: string; description: string };

export const PRERENDERED_PAGES: readonly PageMeta[] = [
  {
    path: "/",
    title: "SchoolRide · Safe, simple school transportation",
    description:
      "SchoolRide helps schools plan and run their buses, keep parents informed and collect transport fees, on one secure platform.",
  },
  {
    path: "/services",
    title: "What We Do · SchoolRide",
    description:
      "Route optimisation, real-time tracking, notifications, secure payments and attendance: what SchoolRide does for schools and parents.",
  },
  {
    path: "/privacy-policy",
    title: "Privacy Policy · SchoolRide",
    description:
      "What personal information SchoolRide collects, how we use it and the choices schools, administrators and parents have.",
  },
  {
    path: "/terms-of-service",
    title: "Terms of Service · SchoolRide",
    description: "The terms that govern the use of SchoolRide by schools, school administrators and parents.",
  },
  {
    path: "/gdpr-compliance",
    title: "GDPR Compliance · SchoolRide",
    description:
      "How SchoolRide protects personal data under the EU General Data Protection Regulation and how you can exercise your rights.",
  },
  {
    path: "/cookie-policy",
    title: "Cookie Policy · SchoolRide",
    description: "How SchoolRide uses cookies on this website and in the app.",
  },
  {
    path: "/login",
    title: "Log In · SchoolRide",
    description: "Log in to SchoolRide as a school admin, a parent or a platform administrator.",
  },
  {
    path: "/login/superadmin",
    title: "Super Admin Access · SchoolRide",
    description: "Sign in to SchoolRide's platform administration.",
  },
  {
    path: "/login/school",
    title: "School Admin Login · SchoolRide",
    description: "Sign in to manage your school's transportation on SchoolRide.",
  },
  {
    path: "/login/parent",
    title: "Parent Login · SchoolRide",
    description: "Sign in to follow your children's school transport on SchoolRide.",
  },
  {
    path: "/login/driver",
    title: "Driver Login · SchoolRide",
    description: "Sign in to see your runs, their stops and riders on SchoolRide.",
  },
];

/** On #root of a prerendered page: the path it was rendered for (main.tsx hydrates only that path). */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

/** The file a page is written to under dist/, as Cloudflare's assets serve it (`/services` → services.html). */
export function prerenderedFile(path: string): string {
  // "/" cannot be index.html: that is the empty shell every other URL falls back to.
  return path === "/" ? "home.html" : `${path.slice(1)}.html`;
}
