/**
 * The one date format of the app: `Nov 22, 2026` for dates, `Nov 22, 2026, 11:29 AM` for
 * date-times (the reader's time zone), in the reader's language (`22 nov 2026` in Spanish). Every
 * page formats dates and plain numbers through this module.
 */
import { msg } from "@lingui/core/macro";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { activeLocale } from "../../i18n/i18n.ts";
import { translatedLabels } from "../../lib/translated-labels.ts";

/**
 * The `Intl` tag of the active language. English is `en-US`, as it always was (its dates and
 * numbers stay exactly as the spec writes them); the others are `LOCALE_TAGS`' (`zh-CN`…).
 */
export function intlLocale(): string {
  const locale = activeLocale();
  return locale === "en" ? "en-US" : LOCALE_TAGS[locale];
}

/**
 * A formatter made on its first use in a language, then kept: making one costs tens of
 * milliseconds on a slow phone, and this module loads with every role page, which may show no date
 * at all.
 */
function onFirstUse(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return () => {
    const tag = intlLocale();
    let format = formats.get(tag);
    if (!format) {
      format = new Intl.DateTimeFormat(tag, options);
      formats.set(tag, format);
    }
    return format;
  };
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

/** A number in the reader's language (`1,234.5` in English, `1.234,5` in Spanish). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(intlLocale(), options);
}

/** The name of a role as people read it; no role means an action of the system. */
const ROLE_LABELS = translatedLabels({
  super_admin: msg`Super Admin`,
  school_admin: msg`School Admin`,
  parent: msg`Parent`,
  driver: msg`Driver`,
  system: msg`System`,
});

export function roleLabel(role: string | null | undefined): string {
  if (!role) return ROLE_LABELS.system;
  return Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as keyof typeof ROLE_LABELS] : role;
}

/** A list's total as the server counted it: exact, or capped at a bound and shown `1,000+` (long lists stop counting there). */
export function formatTotal({ total, totalCapped }: { total: number; totalCapped?: boolean | undefined }): string {
  return totalCapped ? `${formatNumber(total)}+` : formatNumber(total, { useGrouping: false });
}

/**
 * A count and its noun, singular for one: "1 pupil", "2 pupils". English only (two forms, the
 * number first): a translated count is a Lingui `plural`, which knows each language's forms.
 */
export const countOf = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
