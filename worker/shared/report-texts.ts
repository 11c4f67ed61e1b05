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
  date: "Choose a valid date",
  order: "The start of the range must be on or before its end",
  tooLong: `Choose a range of at most ${REPORT_LIMITS.maxDays} days`,
} as const;
