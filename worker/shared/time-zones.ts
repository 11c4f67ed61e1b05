// No date library here: forms that offer a time zone load only this.

/** A zone every runtime knows; schools created before time zones existed got it. */
export const DEFAULT_TIME_ZONE = "UTC";

/** True for a time zone name the platform's Intl accepts (IANA names such as "Europe/London", and "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_MESSAGE = "Choose the school's time zone";

/** Every IANA zone of this runtime, for pickers ("UTC" first). */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((zone) => zone !== "UTC")];
}
