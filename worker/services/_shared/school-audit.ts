import type { SQL } from "drizzle-orm";
import { auditInsert } from "../audit.ts";
import type { SchoolScope } from "./scope.ts";

/**
 * The audit row of a school admin's change, for the change's `db.batch`: who (the scope's actor),
 * which school, when (the request's instant) and from where (the request's meta); with `onlyIf`,
 * written only if the change happened. Beside `Scope`, not in `services/audit.ts`, which `scope.ts`
 * imports (`RequestMeta`): there it would close an import cycle.
 */
export function schoolAudit(
  scope: SchoolScope,
  eventType: string,
  description: string,
  metadata: Record<string, unknown>,
  onlyIf?: SQL,
) {
  return auditInsert(
    scope.deps.db,
    {
      eventType,
      description,
      userId: scope.actor.id,
      userRole: scope.actor.role,
      schoolId: scope.schoolId,
      metadata,
      at: scope.now,
    },
    scope.meta,
    onlyIf,
  );
}
