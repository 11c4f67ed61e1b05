import { DEFAULT_TIME_ZONE, isTimeZone, timeZoneOptions } from "#shared/time-zones.ts";

/** This browser's IANA zone, the default of a new school's zone (UTC when the browser does not say). */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The zones a school can pick, as select options ("America/New_York" reads "America / New York"). */
export function timeZoneSelectOptions(current?: string): { value: string; label: string }[] {
  const zones = timeZoneOptions();
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ").replaceAll("/", " / ") }));
}
