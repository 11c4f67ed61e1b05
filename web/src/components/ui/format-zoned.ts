/**
 * Instants in a school's zone, for the school areas (school admin, parent), where every time is the
 * school's whoever looks and from wherever: `Nov 22, 2026` and `Nov 22, 2026, 11:29 AM`, as
 * `format.ts` writes them. `zone` null (no school: a component the super admin shares) is the
 * reader's own zone. School-area screens never use `format.ts`'s zone-less instants
 * (`tests/node/school-zone-format.test.ts`).
 */

const formatters: Record<string, Intl.DateTimeFormat> = {};

const format = (value: Date, zone: string | null, timeStyle?: "short") =>
  (formatters[`${timeStyle}${zone}`] ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle, timeZone: zone ?? undefined })).format(value);

export const formatDateIn = (value: Date, zone: string | null) => format(value, zone);
export const formatDateTimeIn = (value: Date, zone: string | null) => format(value, zone, "short");
