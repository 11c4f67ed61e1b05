import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { parentLiveSettings } from "#db/schema/index.ts";
import type { setApproachMinutesInput } from "#shared/live.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { APPROACH_MINUTES_DEFAULT } from "./notices.ts";

/** The parent's "tell me when the bus is N minutes from my stop" (the default until they choose). */
export async function approachMinutes(scope: ParentScope) {
  const [row] = await scope.deps.db
    .select({ minutes: parentLiveSettings.approachMinutes })
    .from(parentLiveSettings)
    .where(eq(parentLiveSettings.parentId, scope.parentId));
  return { minutes: row?.minutes ?? APPROACH_MINUTES_DEFAULT };
}

export async function setApproachMinutes(scope: ParentScope, input: z.infer<typeof setApproachMinutesInput>) {
  await scope.deps.db
    .insert(parentLiveSettings)
    .values({
      parentId: scope.parentId,
      schoolId: scope.schoolId,
      approachMinutes: input.minutes,
      updatedAt: scope.now,
    })
    .onConflictDoUpdate({
      target: parentLiveSettings.parentId,
      set: { approachMinutes: sql`excluded.approach_minutes`, updatedAt: sql`excluded.updated_at` },
    });
  return { minutes: input.minutes };
}
