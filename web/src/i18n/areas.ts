/** Which catalogs a page needs (ADR 0078): the frame's, and its role area's or the public site's. */
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

export function catalogsForPath(pathname: string): CatalogArea[] {
  const role = roleOfPath(pathname);
  return role ? ["frame", "shared", "account", ROLE_CATALOGS[role]] : ["frame", "shared", "public"];
}
