import { z } from "zod";
import "./fields.ts";
import { METRICS_MAX_WEEKS, METRICS_MESSAGES, metricsWeeks } from "./metrics-constants.ts";
import { isCalendarDate } from "./school-time.ts";

export * from "./metrics-constants.ts";

const day = z.string().max(10).refine(isCalendarDate, "Use a valid date");

/** The platform metrics' range: inclusive calendar days (UTC); both or neither (the last 12 weeks). */
export const platformMetricsInput = z
  .object({ from: day, to: day })
  .strict()
  .refine((range) => range.from <= range.to, { message: METRICS_MESSAGES.reversed, path: ["to"] })
  .refine((range) => range.from > range.to || metricsWeeks(range.from, range.to).weeks <= METRICS_MAX_WEEKS, {
    message: METRICS_MESSAGES.tooLong,
    path: ["from"],
  })
  .optional();
export type PlatformMetricsInput = z.infer<typeof platformMetricsInput>;
