import { ROLE_HOMES as HOMES } from "#shared/role-homes.ts";
import type { RouterOutputs } from "./api-types.ts";

export type SessionUser = NonNullable<RouterOutputs["auth"]["me"]>;
export type Role = SessionUser["role"];

/** Each role's home (no data layer here: the router and the prefetch read it before it loads). */
export const ROLE_HOMES: Record<Role, string> = HOMES;

const HINT_KEY = "schoolride.role";

/**
 * The role of the last session this browser saw, kept so a role page can ask for its data together
 * with the session check (one HTTP request) instead of after it. A hint only: the server decides,
 * and a wrong hint costs one refused prefetch, nothing more.
 */
export function readRoleHint(): Role | null {
  try {
    const value = localStorage.getItem(HINT_KEY);
    return value && value in ROLE_HOMES ? (value as Role) : null;
  } catch {
    return null;
  }
}

export function writeRoleHint(role: Role | null): void {
  try {
    if (role) localStorage.setItem(HINT_KEY, role);
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage refused (private mode, quota): the page just loads its data after the session.
  }
}
