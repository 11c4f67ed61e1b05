// No zod here: the metrics page reads these without the schemas (metrics.ts re-exports them).

/** The longest range the platform metrics show: 53 weekly rows, a year and a bit. */
export const METRICS_MAX_WEEKS = 53;
/** The range a first visit shows: the last 12 weeks, this one included. */
export const METRICS_DEFAULT_WEEKS = 12;

export const METRICS_MESSAGES = {
  reversed: "The start date is after the end date.",
  tooLong: `Choose at most ${METRICS_MAX_WEEKS} weeks.`,
} as const;

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week an instant falls in (1970-01-01 was a Thursday). */
export function weekStartOf(ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  return (day - ((((day + 3) % 7) + 7) % 7)) * DAY_MS;
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The weeks a range of calendar days (UTC, inclusive) covers: from the Monday of `from`'s week to
 * the end of `to`'s week. The metrics count in whole weeks so every row compares like with like.
 */
export function metricsWeeks(from: string, to: string): { startMs: number; endMs: number; weeks: number } {
  const startMs = weekStartOf(Date.parse(`${from}T00:00:00Z`));
  const endMs = weekStartOf(Date.parse(`${to}T00:00:00Z`)) + WEEK_MS;
  return { startMs, endMs, weeks: Math.round((endMs - startMs) / WEEK_MS) };
}

/** The default range at an instant: the last `METRICS_DEFAULT_WEEKS` weeks, this one included. */
export function defaultMetricsRange(now: Date): { from: string; to: string } {
  const thisWeek = weekStartOf(now.getTime());
  return { from: utcDay(thisWeek - (METRICS_DEFAULT_WEEKS - 1) * WEEK_MS), to: utcDay(now.getTime()) };
}
