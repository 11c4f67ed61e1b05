import { eq } from "drizzle-orm";
import type { z } from "zod";
import { parents } from "#db/schema/index.ts";
import type { setApproachMinutesInput } from "#shared/live.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { APPROACH_MINUTES_DEFAULT } from "./notices.ts";

/** The parent's "tell me when the bus is N minutes from my stop" (default 5). */
export async function approachMinutes(scope: ParentScope) {
  const [row] = await scope.deps.db
    .select({ minutes: parents.approachMinutes })
    .from(parents)
    .where(eq(parents.id, scope.parentId));
  return { minutes: row?.minutes ?? APPROACH_MINUTES_DEFAULT };
}

export async function setApproachMinutes(scope: ParentScope, input: z.infer<typeof setApproachMinutesInput>) {
  await scope.deps.db
    .update(parents)
    .set({ approachMinutes: input.minutes, updatedAt: scope.now })
    .where(eq(parents.id, scope.parentId));
  return { minutes: input.minutes };
}
