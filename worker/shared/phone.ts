import {
  type CountryCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";
import { z } from "zod";
import "./fields.ts";

import { PHONE_MAX_LENGTH } from "./phone-region.ts";

export { PHONE_MAX_LENGTH, phoneRegion } from "./phone-region.ts";

/**
 * The one phone rule (ADR 0039), for every phone field, in the form and on the server: a number
 * libphonenumber (its small "min" metadata) finds valid, read in the school's region unless it
 * starts with + and a country code. Stored in E.164 (`+13125550143`); shown formatted, in the
 * school's national format when it is the school's country (`(312) 555-0143`), else international.
 */

export const PHONE_MESSAGES = {
  invalid: "Enter a valid phone number with its area code, or + and the country code",
  invalidNoRegion: "Enter a valid phone number starting with + and the country code",
} as const;

/** What a user may type: digits, spaces, ( ) . - / and a leading +. */
const PHONE_CHARACTERS = /^\+?[\d\s().\-/]+$/;

const countryOf = (region: string | null): CountryCode | undefined =>
  region && isSupportedCountry(region) ? region : undefined;

function parse(text: string, region: string | null): PhoneNumber | undefined {
  const value = text.trim();
  if (!value || value.length > PHONE_MAX_LENGTH || !PHONE_CHARACTERS.test(value)) return undefined;
  const number = parsePhoneNumberFromString(value, { defaultCountry: countryOf(region), extract: false });
  return number?.isValid() ? number : undefined;
}

/** The number in E.164, or null when it is not a valid phone number (read in `region` without a +). */
export function normalizePhone(text: string, region: string | null): string | null {
  return parse(text, region)?.number ?? null;
}

/** What to tell someone whose number is not valid. */
export function phoneMessage(region: string | null): string {
  return countryOf(region) ? PHONE_MESSAGES.invalid : PHONE_MESSAGES.invalidNoRegion;
}

/**
 * A stored number for people to read: national for the school's own country, international for
 * another; a value stored before the rule that does not parse is shown as it was typed.
 */
export function formatPhone(stored: string | null | undefined, region: string | null): string | null {
  if (!stored?.trim()) return null;
  const number = parse(stored, region);
  if (!number) return stored;
  return number.country !== undefined && number.country === countryOf(region)
    ? number.formatNational()
    : number.formatInternational();
}

/**
 * A phone field of a form or an input: trimmed, then E.164. Blank is `required`'s message when
 * given, else "" (not given). The server applies the same field with the school's region.
 */
export function phoneField(region: string | null, required?: string) {
  return z
    .string(required ?? phoneMessage(region))
    .trim()
    .transform((value, ctx) => {
      if (!value) {
        if (required) ctx.addIssue({ code: "custom", message: required });
        return "";
      }
      const e164 = normalizePhone(value, region);
      if (e164 === null) ctx.addIssue({ code: "custom", message: phoneMessage(region) });
      return e164 ?? "";
    });
}

/**
 * The phone rule in a form whose region comes from its own country and time zone fields
 * (registration, a school's details): the field's issue, at its path.
 */
export function refinePhone(
  ctx: z.RefinementCtx,
  path: string,
  value: string | undefined,
  region: string | null,
  required?: string,
): void {
  const parsed = phoneField(region, required).safeParse(value ?? "");
  if (!parsed.success)
    ctx.addIssue({ code: "custom", path: [path], message: parsed.error.issues[0]?.message ?? phoneMessage(region) });
}
