import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import PublicLayout from "../components/site/PublicLayout.tsx";
import type { Role } from "../lib/session.ts";
import { FullPageSpinner, RequireRole } from "./guards.tsx";

/** Route-level code splitting: each page is its own chunk; public pages load no admin code. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const roleArea = (path: string, role: Role, home: () => Promise<{ default: ComponentType }>, pages: RouteObject[] = []): RouteObject => ({
  path,
  element: <RequireRole roles={[role]} />,
  children: [
    {
      lazy: page(() => import("../components/AppShell.tsx")),
      children: [
        { index: true, lazy: page(home) },
        ...pages,
        { path: "*", lazy: page(() => import("../pages/public/NotFoundPage.tsx")) },
      ],
    },
  ],
});

const loginRoute = (path: string, role: Role): RouteObject => ({
  path,
  lazy: async () => {
    const { default: LoginPage } = await import("../pages/auth/LoginPage.tsx");
    return { Component: () => <LoginPage role={role} /> };
  },
});

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, lazy: page(() => import("../pages/public/HomePage.tsx")) },
      { path: "services", lazy: page(() => import("../pages/public/ServicesPage.tsx")) },
      { path: "privacy-policy", lazy: page(() => import("../pages/public/PrivacyPolicyPage.tsx")) },
      { path: "terms-of-service", lazy: page(() => import("../pages/public/TermsOfServicePage.tsx")) },
      { path: "gdpr-compliance", lazy: page(() => import("../pages/public/GdprCompliancePage.tsx")) },
      { path: "cookie-policy", lazy: page(() => import("../pages/public/CookiePolicyPage.tsx")) },
      { path: "login", lazy: page(() => import("../pages/auth/LoginChooserPage.tsx")) },
      { path: "accept-invite", lazy: page(() => import("../pages/auth/AcceptInvitePage.tsx")) },
      { path: "forgot-password", lazy: page(() => import("../pages/auth/ForgotPasswordPage.tsx")) },
      { path: "reset-password", lazy: page(() => import("../pages/auth/ResetPasswordPage.tsx")) },
      { path: "signup", element: <Navigate to="/get-started" replace /> },
      loginRoute("login/superadmin", "super_admin"),
      loginRoute("login/school", "school_admin"),
      loginRoute("login/parent", "parent"),
      {
        path: "change-password",
        element: <RequireRole roles="any" />,
        children: [{ index: true, lazy: page(() => import("../pages/auth/ChangePasswordPage.tsx")) }],
      },
      { path: "404", lazy: page(() => import("../pages/public/NotFoundPage.tsx")) },
      { path: "*", lazy: page(() => import("../pages/public/NotFoundPage.tsx")) },
    ],
  },
  roleArea("super-admin", "super_admin", () => import("../pages/home/SuperAdminHome.tsx")),
  roleArea("school-admin", "school_admin", () => import("../pages/home/SchoolAdminHome.tsx"), [
    { path: "parents", lazy: page(() => import("../pages/school-admin/ParentsPage.tsx")) },
  ]),
  roleArea("parent", "parent", () => import("../pages/home/ParentHome.tsx")),
];

export const router = createBrowserRouter(routes);
