import { z } from "zod";
import "./fields.ts";
import { isTimeZone, TIME_ZONE_MESSAGE } from "./time-zones.ts";

/** A school's time zone in a form or a procedure's input (kept apart so school-time.ts stays zod-free). */
export const timeZoneField = z.string().trim().min(1, TIME_ZONE_MESSAGE).max(64).refine(isTimeZone, TIME_ZONE_MESSAGE);
