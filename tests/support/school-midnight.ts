import { todayIn, zonedInstant } from "#shared/school-time.ts";

/** The demo school's zone (America/Chicago): its "today" is every journey's. */
export const SCHOOL_ZONE = "America/Chicago";

/**
 * How long to wait before a journey that makes something for the school's today and checks it up to
 * `withinMs` later: 0, or, in the last `withinMs` of the school's day, until 2 s past its midnight
 * (so the journey runs within one school day at any hour). Add it to the test's timeout.
 */
export function untilClearOfMidnight(withinMs: number, now = new Date()): number {
  const midnight = zonedInstant(todayIn(SCHOOL_ZONE, new Date(now.getTime() + 86_400_000)), "00:00", SCHOOL_ZONE);
  const left = midnight.getTime() - now.getTime();
  return left > 0 && left < withinMs ? left + 2_000 : 0;
}
