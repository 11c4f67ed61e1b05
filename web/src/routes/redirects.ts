import { ROLE_HOMES } from "../lib/roles.ts";
import type { Role } from "../lib/session.ts";

/** The super admin area → /login/superadmin, the school admin area → /login/school, the driver's → /login/driver, else /login/parent. */
export function loginPathFor(pathname: string): string {
  if (pathname === "/super-admin" || pathname.startsWith("/super-admin/")) return "/login/superadmin";
  if (pathname === "/school-admin" || pathname.startsWith("/school-admin/")) return "/login/school";
  if (pathname === "/driver" || pathname.startsWith("/driver/")) return "/login/driver";
  return "/login/parent";
}

/** A same-site path to return to after login, or null (no open redirects). */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

/** Where a role may be sent back to: its own area or the password page. */
export function allowedFor(role: Role, path: string): boolean {
  const home = ROLE_HOMES[role];
  const pathname = path.split(/[?#]/)[0]!;
  return pathname === home || pathname.startsWith(`${home}/`) || pathname === "/change-password";
}

export function afterLoginPath(role: Role, mustChangePassword: boolean, redirect: string | null): string {
  if (mustChangePassword) return "/change-password";
  return redirect && allowedFor(role, redirect) ? redirect : ROLE_HOMES[role];
}
