// No phone library and no zod here: the session reads a school's region with this alone.

import { COUNTRY_REGIONS } from "./country-regions.ts";
import { ZONE_REGIONS } from "./zone-regions.generated.ts";

/** The longest phone number a field takes, as typed (spaces and punctuation included). */
export const PHONE_MAX_LENGTH = 40;

let zoneRegions: Map<string, string> | null = null;

/** The country of an IANA zone (Europe/Berlin → DE, Asia/Calcutta → IN), or null (UTC, Etc/*). */
export function zoneRegion(zone: string): string | null {
  if (!zoneRegions) {
    zoneRegions = new Map();
    for (const group of ZONE_REGIONS.split(";")) {
      const [country, zones] = group.split(":") as [string, string];
      for (const name of zones.split(",")) zoneRegions.set(name, country);
    }
  }
  return zoneRegions.get(zone) ?? null;
}

/**
 * The default region of a school's phone numbers (ISO 3166 alpha-2, as libphonenumber takes it), so
 * a number typed without "+" and a country code is read as the school's (ADR 0039): the school's
 * country when it names one (the registration form's list), else the country of the
 * school's time zone ("Other", or a school created without a country), else none (UTC): then a
 * number must start with + and its country code.
 */
export function phoneRegion(school: {
  country: string | null | undefined;
  timeZone: string | null | undefined;
}): string | null {
  const named = school.country ? COUNTRY_REGIONS[school.country] : undefined;
  if (named) return named;
  return school.timeZone ? zoneRegion(school.timeZone) : null;
}
