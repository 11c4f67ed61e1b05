/** A text with an explicit id (no macro: the prerender's scripts and the tests read this module as it is). */
export type PageText = { id: string; message: string };

/**
 * The prerendered pages' document titles and descriptions (the public catalog, which every page of
 * the public layout loads; never a role area): each public page sets its title from here, and the
 * prerender writes both into the page's head (web/src/routes/page-meta.ts), so the prerendered
 * title is the one the page sets, in every language. The sign-in pages set theirs themselves (the
 * frame's texts, the same words).
 */
export const PAGE_TEXTS = {
  "/": {
    title: /*i18n*/ { id: "page.home.title", message: "SchoolRide · Safe, simple school transportation" },
    description: /*i18n*/ {
      id: "page.home.description",
      message:
        "SchoolRide helps schools plan and run their buses, keep parents informed and collect transport fees, on one secure platform.",
    },
  },
  "/services": {
    title: /*i18n*/ { id: "page.services.title", message: "What We Do · SchoolRide" },
    description: /*i18n*/ {
      id: "page.services.description",
      message:
        "Route optimisation, real-time tracking, notifications, secure payments and attendance: what SchoolRide does for schools and parents.",
    },
  },
  "/privacy-policy": {
    title: /*i18n*/ { id: "page.privacy.title", message: "Privacy Policy · SchoolRide" },
    description: /*i18n*/ {
      id: "page.privacy.description",
      message:
        "What personal information SchoolRide collects, how we use it and the choices schools, administrators and parents have.",
    },
  },
  "/terms-of-service": {
    title: /*i18n*/ { id: "page.terms.title", message: "Terms of Service · SchoolRide" },
    description: /*i18n*/ {
      id: "page.terms.description",
      message: "The terms that govern the use of SchoolRide by schools, school administrators and parents.",
    },
  },
  "/gdpr-compliance": {
    title: /*i18n*/ { id: "page.gdpr.title", message: "GDPR Compliance · SchoolRide" },
    description: /*i18n*/ {
      id: "page.gdpr.description",
      message:
        "How SchoolRide protects personal data under the EU General Data Protection Regulation and how you can exercise your rights.",
    },
  },
  "/cookie-policy": {
    title: /*i18n*/ { id: "page.cookies.title", message: "Cookie Policy · SchoolRide" },
    description: /*i18n*/ {
      id: "page.cookies.description",
      message: "How SchoolRide uses cookies on this website and in the app.",
    },
  },
  // The sign-in pages are in the public layout (their own texts are the frame's).
  "/login": {
    title: /*i18n*/ { id: "page.login.title", message: "Log In · SchoolRide" },
    description: /*i18n*/ {
      id: "page.login.description",
      message: "Log in to SchoolRide as a school admin, a parent or a platform administrator.",
    },
  },
  "/login/superadmin": {
    title: /*i18n*/ { id: "page.login.superadmin.title", message: "Super Admin Access · SchoolRide" },
    description: /*i18n*/ {
      id: "page.login.superadmin.description",
      message: "Sign in to SchoolRide's platform administration.",
    },
  },
  "/login/school": {
    title: /*i18n*/ { id: "page.login.school.title", message: "School Admin Login · SchoolRide" },
    description: /*i18n*/ {
      id: "page.login.school.description",
      message: "Sign in to manage your school's transportation on SchoolRide.",
    },
  },
  "/login/parent": {
    title: /*i18n*/ { id: "page.login.parent.title", message: "Parent Login · SchoolRide" },
    description: /*i18n*/ {
      id: "page.login.parent.description",
      message: "Sign in to follow your children's school transport on SchoolRide.",
    },
  },
  "/login/driver": {
    title: /*i18n*/ { id: "page.login.driver.title", message: "Driver Login · SchoolRide" },
    description: /*i18n*/ {
      id: "page.login.driver.description",
      message: "Sign in to see your runs, their stops and riders on SchoolRide.",
    },
  },
} as const satisfies Record<string, { title: PageText; description: PageText }>;
