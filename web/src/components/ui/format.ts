/**
 * The one date format of the app: `Nov 22, 2026` for dates, `Nov 22, 2026, 11:29 AM` for
 * date-times (the reader's time zone). Every page formats dates through this module.
 */

const LOCALE = "en-US";

/**
 * A formatter made on its first use, then kept: making one costs tens of milliseconds on a slow
 * phone, and this module loads with every role page, which may show no date at all.
 */
function onFirstUse(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(LOCALE, options));
}
const dateFormat = onFirstUse({ dateStyle: "medium" });
const dateTimeFormat = onFirstUse({ dateStyle: "medium", timeStyle: "short" });
const timeFormat = onFirstUse({ timeStyle: "short" });

export function formatDate(value: Date): string {
  return dateFormat().format(value);
}

export function formatDateTime(value: Date): string {
  return dateTimeFormat().format(value);
}

export function formatTime(value: Date): string {
  return timeFormat().format(value);
}

/** A calendar day stored as `YYYY-MM-DD`, shown without a time-zone shift. */
export function formatIsoDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return dateFormat().format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** The name of a role as people read it; no role means an action of the system. */
const ROLE_LABELS: Record<string, string> = {
  super_admin: "Super Admin",
  school_admin: "School Admin",
  parent: "Parent",
  driver: "Driver",
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

/** A count and its noun, singular for one: "1 pupil", "2 pupils". */
export const countOf = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
