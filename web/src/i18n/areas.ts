/**
 * Which catalogs a page needs (ADR 0078): the frame's and the shared texts', its role area's (with My
 * Account's) or the public site's, and a wordy page's own (`PAGE_CATALOGS`).
 */
import { ROLE_HOMES } from "#shared/role-homes.ts";
import type { Role } from "../lib/session.ts";
import type { CatalogArea } from "./i18n.ts";

/** Each role's area catalog; every area also loads My Account's (its pages are in every area). */
export const ROLE_CATALOGS: Record<Role, CatalogArea> = {
  super_admin: "admin",
  school_admin: "school",
  parent: "parent",
  driver: "driver",
};

/** The role whose area `pathname` is in, or null for the public site. */
export function roleOfPath(pathname: string): Role | null {
  return (
    (Object.keys(ROLE_HOMES) as Role[]).find(
      (role) => pathname === ROLE_HOMES[role] || pathname.startsWith(`${ROLE_HOMES[role]}/`),
    ) ?? null
  );
}

/**
 * The pages with a catalog of their own, by path: their routes load it (`withCatalog` in
 * web/src/routes/lazy.tsx) and a first visit to them loads it with the others.
 */
export const PAGE_CATALOGS: readonly (readonly [RegExp, CatalogArea])[] = [
  [/^\/(privacy-policy|terms-of-service|gdpr-compliance|cookie-policy)\/?$/, "legal"],
  [/^\/services\/?$/, "services"],
  [/^\/(get-started|payment\/success)\/?$/, "registration"],
  [/^\/school-admin\/routes(\/|$)/, "school-routes"],
  [/^\/school-admin\/live(\/|$)/, "school-live"],
  [/^\/school-admin\/reports(\/|$)/, "school-reports"],
  [/^\/super-admin\/audit-logs(\/|$)/, "admin-audit"],
  [/^\/super-admin\/metrics(\/|$)/, "admin-metrics"],
];

export function catalogsForPath(pathname: string): CatalogArea[] {
  const role = roleOfPath(pathname);
  const own = PAGE_CATALOGS.filter(([pattern]) => pattern.test(pathname)).map(([, area]) => area);
  return [
    ...(role ? ["frame", "shared", "account", ROLE_CATALOGS[role]] : ["frame", "shared", "public"]),
    ...own,
  ] as CatalogArea[];
}
