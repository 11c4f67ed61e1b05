import { WEEKDAY_NAMES } from "#shared/route-texts.ts";

/** "Mon–Fri", "Every day", or the days' short names. */
export function weekdaysLabel(days: readonly number[]): string {
  if (days.join() === "1,2,3,4,5") return "Mon–Fri";
  if (days.length === 7) return "Every day";
  return days.map((day) => WEEKDAY_NAMES[day]!.slice(0, 3)).join(", ");
}

/** "12 of 40 seats used" (the busiest weekday's riders against the bus's seats), or without a bus the riders alone. */
export function seatsLabel(route: { seatsUsed: number; bus: { seats: number } | null }): string {
  return route.bus ? `${route.seatsUsed} of ${route.bus.seats} seats used` : `${route.seatsUsed} seats used (no bus)`;
}
