/**
 * The one date format of the app: `Nov 22, 2026` for dates, `Nov 22, 2026, 11:29 AM` for
 * date-times. Every page formats dates through this module, and every call says in which zone: a
 * school area's pages (school admin, parent) pass the school's (`useSchoolZone()`), so an instant
 * reads the same whoever looks at it from wherever; `null` is the reader's own zone (the super
 * admin's pages, which span schools).
 */

const LOCALE = "en-US";
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `value` in `zone` (null: the reader's), in a style; one formatter per style and zone (they are costly to make). */
function format(value: Date, zone: string | null, dateStyle?: "medium", timeStyle?: "short"): string {
  const key = `${dateStyle}${timeStyle}${zone}`;
  let cached = formatters.get(key);
  if (!cached) formatters.set(key, (cached = new Intl.DateTimeFormat(LOCALE, { dateStyle, timeStyle, timeZone: zone ?? undefined })));
  return cached.format(value);
}

export const formatDate = (value: Date, zone: string | null) => format(value, zone, "medium");
export const formatDateTime = (value: Date, zone: string | null) => format(value, zone, "medium", "short");
export const formatTime = (value: Date, zone: string | null) => format(value, zone, undefined, "short");

/** A calendar day stored as `YYYY-MM-DD`, shown without a time-zone shift. */
export function formatIsoDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), null);
}

/** The name of a role as people read it; no role means an action of the system. */
const ROLE_LABELS: Record<string, string> = {
  super_admin: "Super Admin",
  school_admin: "School Admin",
  parent: "Parent",
  system: "System",
};

export function roleLabel(role: string | null | undefined): string {
  if (!role) return "System";
  return ROLE_LABELS[role] ?? role;
}

/** A list's total as the server counted it: exact, or capped at a bound and shown `1,000+` (long lists stop counting there). */
export function formatTotal({ total, totalCapped }: { total: number; totalCapped?: boolean | undefined }): string {
  return totalCapped ? `${total.toLocaleString(LOCALE)}+` : String(total);
}
