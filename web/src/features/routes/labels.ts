import { t } from "@lingui/core/macro";
import { formatNumber, weekdayName } from "../trips/zoned-format.ts";

/** "Mon–Fri", "Every day", or the days' short names (in the reader's language). */
export function weekdaysLabel(days: readonly number[]): string {
  if (days.join() === "1,2,3,4,5") return t`Mon–Fri`;
  if (days.length === 7) return t`Every day`;
  return days.map((day) => weekdayName(day, "short")).join(t`, `);
}

/** "12 of 40 seats used" (the busiest weekday's riders against the bus's seats), or without a bus the riders alone. */
export function seatsLabel(route: { seatsUsed: number; bus: { seats: number } | null }): string {
  const used = formatNumber(route.seatsUsed);
  if (!route.bus) return t`${used} seats used (no bus)`;
  const seats = formatNumber(route.bus.seats);
  return t`${used} of ${seats} seats used`;
}
