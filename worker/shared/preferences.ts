import { z } from "zod";
import "./fields.ts";
import { APPROACH_MINUTES_CHOICES } from "./live-constants.ts";
import { EVENT_KIND_IDS, PREFERENCES_MESSAGES as M } from "./preferences-constants.ts";
import { WALL_TIME } from "./school-time.ts";

export * from "./preferences-constants.ts";

const wallTime = z.string(M.time).regex(WALL_TIME, M.time);

/** My Account's Notifications, saved whole (ADR 0066): push and e-mail for every kind, the lead time, quiet hours, the digest. */
export const setPreferencesInput = z
  .object({
    channels: z.record(z.enum(EVENT_KIND_IDS), z.object({ push: z.boolean(), email: z.boolean() }).strict()),
    approachMinutes: z
      .number(M.approachMinutes)
      .int(M.approachMinutes)
      .refine((value) => (APPROACH_MINUTES_CHOICES as readonly number[]).includes(value), M.approachMinutes),
    quietHours: z
      .object({ start: wallTime, end: wallTime })
      .strict()
      .refine((hours) => hours.start !== hours.end, { message: M.quietSame, path: ["end"] })
      .nullable(),
    digest: z.boolean(),
  })
  .strict();
export type SetPreferences = z.infer<typeof setPreferencesInput>;
