import { useQuery } from "@tanstack/react-query";
import { type Currency, DEFAULT_CURRENCY, formatMoney } from "#shared/money.ts";
import { intlLocale } from "../components/ui/format.ts";
import { sessionQuery } from "./session.ts";
import { useTRPC } from "./trpc.ts";

/*
 * A school area (school admin, parent) shows every instant in the school's zone, whoever looks and
 * from wherever: its screens format them here (`Nov 22, 2026`, `Nov 22, 2026, 11:29 AM`, as
 * `components/ui/format.ts` writes them), never with format.ts's reader's-zone functions
 * (`tests/node/school-zone-format.test.ts`). A zone of null (no school: a component the super admin
 * shares) is the reader's own.
 */

/** The signed-in user's school settings, from the session (`auth.me`, already cached by the area's guard). */
function useSchool() {
  const trpc = useTRPC();
  return useQuery(sessionQuery(trpc)).data;
}

/** The school's zone, in which a school area shows every instant; null outside a school (the super admin: the reader's own zone). */
export const useSchoolZone = (): string | null => useSchool()?.timeZone ?? null;

/** The school's phone region (ISO 3166 alpha-2) for the forms' phone rule; null: numbers need + and a country code. */
export const usePhoneRegion = (): string | null => useSchool()?.phoneRegion ?? null;

/** The school's currency: every amount of a school area is in it (ADR 0077). */
export const useSchoolCurrency = (): Currency => useSchool()?.currency ?? DEFAULT_CURRENCY;

/**
 * `money(minor)`: an amount of the school (integer minor units) as people read it, in the school's
 * currency, written the reader's way (`$1,234.50`, `1.234,50 US$`).
 */
export function useMoney(): (minor: number) => string {
  const currency = useSchoolCurrency();
  return (minor) => formatMoney(minor, currency, intlLocale());
}

const formatters: Record<string, Intl.DateTimeFormat> = {};

/** In the reader's language, in the school's zone. */
const format = (value: Date, zone: string | null, timeStyle?: "short") =>
  (formatters[`${intlLocale()}|${timeStyle}|${zone}`] ??= new Intl.DateTimeFormat(intlLocale(), {
    dateStyle: "medium",
    timeStyle,
    timeZone: zone ?? undefined,
  })).format(value);

export const formatDateIn = (value: Date, zone: string | null) => format(value, zone);
export const formatDateTimeIn = (value: Date, zone: string | null) => format(value, zone, "short");
