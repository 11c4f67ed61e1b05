import { said } from "./said.ts";
/**
 * The school admin's reports (issue 31): limits, labels and messages, apart from the inputs
 * (report-inputs.ts) so the page does not load zod.
 */
export const REPORT_LIMITS = {
  /** The longest range a report covers, in days (a school year and a little). */
  maxDays: 366,
  /** The range shown when none is chosen: this many days up to today. */
  defaultDays: 30,
  /** Late runs listed (the worst first); the count per route is always whole. */
  lateRunsListed: 100,
} as const;

export const REPORT_MESSAGES = {
  date: said(/*i18n*/ { id: "Choose a valid date" }),
  order: said(/*i18n*/ { id: "The start of the range must be on or before its end" }),
  // REPORT_LIMITS.maxDays written out.
  tooLong: said(/*i18n*/ { id: "Choose a range of at most 366 days" }),
} as const;
