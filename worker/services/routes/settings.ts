import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { schools, transportSettings } from "#db/schema/index.ts";
import { DEFAULT_RIDE_CUTOFF_MINUTES, type transportSettingsInput } from "#shared/routes.ts";
import { schoolAudit } from "../_shared/school-audit.ts";
import type { SchoolScope } from "../_shared/scope.ts";

/** The school's "not riding" cut-off in minutes, as a value to select (the default while the school has saved none). */
export const rideCutoffOf = (schoolId: string) =>
  sql<number>`coalesce((select ${transportSettings.rideCutoffMinutes} from ${transportSettings} where ${transportSettings.schoolId} = ${schoolId}), ${DEFAULT_RIDE_CUTOFF_MINUTES})`.mapWith(
    Number,
  );

export async function getTransportSettings(scope: SchoolScope) {
  const [row] = await scope.deps.db
    .select({ rideCutoffMinutes: rideCutoffOf(scope.schoolId) })
    .from(schools)
    .where(eq(schools.id, scope.schoolId));
  return { rideCutoffMinutes: row?.rideCutoffMinutes ?? DEFAULT_RIDE_CUTOFF_MINUTES };
}

export async function updateTransportSettings(scope: SchoolScope, input: z.infer<typeof transportSettingsInput>) {
  const { db } = scope.deps;
  await db.batch([
    db
      .insert(transportSettings)
      .values({
        schoolId: scope.schoolId,
        rideCutoffMinutes: input.rideCutoffMinutes,
        updatedBy: scope.actor.id,
        updatedAt: scope.now,
      })
      .onConflictDoUpdate({
        target: transportSettings.schoolId,
        set: { rideCutoffMinutes: input.rideCutoffMinutes, updatedBy: scope.actor.id, updatedAt: scope.now },
      }),
    schoolAudit(
      scope,
      "transport_settings.updated",
      `"Not riding" closes ${input.rideCutoffMinutes} minutes before the bus`,
      { rideCutoffMinutes: input.rideCutoffMinutes },
    ),
  ]);
  return { rideCutoffMinutes: input.rideCutoffMinutes };
}
