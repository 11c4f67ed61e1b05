import type { SessionUser } from "../auth/users.ts";
import type { Actor } from "../services/_shared/scope.ts";

/** The signed-in user as the services see whoever acts. */
export function actorOf(user: SessionUser): Actor {
  return { id: user.id, role: user.role, schoolId: user.schoolId, name: user.name, email: user.email };
}
