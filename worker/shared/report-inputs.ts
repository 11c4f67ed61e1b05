import { z } from "zod";
import "./fields.ts";
import { REPORT_MESSAGES as M, REPORT_LIMITS } from "./report-texts.ts";
import { isCalendarDate, shiftDate } from "./school-time.ts";

const id = z.string().min(1).max(64);
const date = z.string().max(10).refine(isCalendarDate, M.date);

/**
 * The reports' range (school-local days, both included; the last 30 days to today when absent) and
 * route (null: every route).
 */
export const reportsInput = z
  .object({ from: date.optional(), to: date.optional(), routeId: id.nullable().default(null) })
  .strict()
  .refine((input) => !input.from || !input.to || input.from <= input.to, { message: M.order, path: ["to"] })
  .refine((input) => !input.from || !input.to || shiftDate(input.from, REPORT_LIMITS.maxDays - 1) >= input.to, {
    message: M.tooLong,
    path: ["to"],
  });
