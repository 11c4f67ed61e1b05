import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { schools, transportSettings } from "#db/schema/index.ts";
import { DEFAULT_ON_TIME_MINUTES, DEFAULT_RIDE_CUTOFF_MINUTES, type transportSettingsInput } from "#shared/routes.ts";
import { schoolAudit } from "../_shared/school-audit.ts";
import type { SchoolScope } from "../_shared/scope.ts";

/** The school's "not riding" cut-off in minutes, as a value to select (the default while the school has saved none). */
export const rideCutoffOf = (schoolId: string) =>
  sql<number>`coalesce((select ${transportSettings.rideCutoffMinutes} from ${transportSettings} where ${transportSettings.schoolId} = ${schoolId}), ${DEFAULT_RIDE_CUTOFF_MINUTES})`.mapWith(
    Number,
  );

/** The school's on-time threshold in minutes, as a value to select (the default while the school has saved none). */
export const onTimeMinutesOf = (schoolId: string | ReturnType<typeof sql.placeholder>) =>
  sql<number>`coalesce((select ${transportSettings.onTimeMinutes} from ${transportSettings} where ${transportSettings.schoolId} = ${schoolId}), ${DEFAULT_ON_TIME_MINUTES})`.mapWith(
    Number,
  );

export async function getTransportSettings(scope: SchoolScope) {
  const [row] = await scope.deps.db
    .select({ rideCutoffMinutes: rideCutoffOf(scope.schoolId), onTimeMinutes: onTimeMinutesOf(scope.schoolId) })
    .from(schools)
    .where(eq(schools.id, scope.schoolId));
  return {
    rideCutoffMinutes: row?.rideCutoffMinutes ?? DEFAULT_RIDE_CUTOFF_MINUTES,
    onTimeMinutes: row?.onTimeMinutes ?? DEFAULT_ON_TIME_MINUTES,
  };
}

export async function updateTransportSettings(scope: SchoolScope, input: z.infer<typeof transportSettingsInput>) {
  const { db } = scope.deps;
  const onTime = input.onTimeMinutes === undefined ? {} : { onTimeMinutes: input.onTimeMinutes };
  const [, , [saved]] = await db.batch([
    db
      .insert(transportSettings)
      .values({
        schoolId: scope.schoolId,
        rideCutoffMinutes: input.rideCutoffMinutes,
        ...onTime,
        updatedBy: scope.actor.id,
        updatedAt: scope.now,
      })
      .onConflictDoUpdate({
        target: transportSettings.schoolId,
        set: { rideCutoffMinutes: input.rideCutoffMinutes, ...onTime, updatedBy: scope.actor.id, updatedAt: scope.now },
      }),
    schoolAudit(
      scope,
      "transport_settings.updated",
      input.onTimeMinutes === undefined
        ? `"Not riding" closes ${input.rideCutoffMinutes} minutes before the bus`
        : `"Not riding" closes ${input.rideCutoffMinutes} minutes before the bus; on time is within ${input.onTimeMinutes} minutes`,
      { rideCutoffMinutes: input.rideCutoffMinutes, ...onTime },
    ),
    db
      .select({ onTimeMinutes: transportSettings.onTimeMinutes })
      .from(transportSettings)
      .where(eq(transportSettings.schoolId, scope.schoolId)),
  ]);
  return { rideCutoffMinutes: input.rideCutoffMinutes, onTimeMinutes: saved?.onTimeMinutes ?? DEFAULT_ON_TIME_MINUTES };
}
