import { z } from "zod";
import { LOCALE_TAGS } from "./locales.ts";
import { countIn, localeText, said, saidNow, saidWith } from "./said.ts";

/**
 * What a form says when a value is not allowed, in words (issue 25): every schema's own messages
 * come from here or from its texts module, and the error map below words whatever a schema leaves to
 * zod, so its defaults ("Too big: expected string to have <=120 characters", "Invalid input") never
 * reach a person. Every shared module that builds a schema imports this one, which installs the map
 * (`tests/node/validation-messages.test.ts` checks both). A message with a number is said in the
 * reader's language where it is shown (`saidWith`), the number written their way.
 */

const count = (value: number | bigint) => Number(value).toLocaleString("en-US");

export const FIELD_MESSAGES = {
  required: said(/*i18n*/ { id: "This field is required" }),
  tooLong: (max: number) =>
    saidWith(`Use at most ${count(max)} characters`, {
      .../*i18n*/ { id: "field.tooLong", message: "Use at most {max} characters" },
      values: { max: countIn(max) },
    }),
  tooShort: (min: number) =>
    saidWith(`Use at least ${count(min)} characters`, {
      .../*i18n*/ { id: "field.tooShort", message: "Use at least {min} characters" },
      values: { min: countIn(min) },
    }),
  /** "Enter at most 10,000 stops" (a trip's stops or students). */
  atMost: (what: "stops" | "students", max: number) =>
    saidWith(`Enter at most ${count(max)} ${what}`, {
      .../*i18n*/ {
        id: "field.atMost",
        message: "{what, select, stops {Enter at most {max} stops} other {Enter at most {max} students}}",
      },
      values: { what, max: countIn(max) },
    }),
} as const;

const KIND = said(/*i18n*/ { id: "Enter a value of the kind this field takes" });
const ONE_OF_THE_OPTIONS = said(/*i18n*/ { id: "Choose one of the options" });

const chooseAtMost = (max: number) =>
  saidWith(`Choose at most ${count(max)}`, {
    .../*i18n*/ { id: "field.chooseAtMost", message: "Choose at most {max}" },
    values: { max: countIn(max) },
  });
const chooseAtLeast = (min: number) =>
  saidWith(`Choose at least ${count(min)}`, {
    .../*i18n*/ { id: "field.chooseAtLeast", message: "Choose at least {min}" },
    values: { min: countIn(min) },
  });
const numberAtMost = (max: number) =>
  saidWith(`Enter a number of ${count(max)} or less`, {
    .../*i18n*/ { id: "field.numberAtMost", message: "Enter a number of {max} or less" },
    values: { max: countIn(max) },
  });
const numberBelow = (max: number) =>
  saidWith(`Enter a number below ${count(max)}`, {
    .../*i18n*/ { id: "field.numberBelow", message: "Enter a number below {max}" },
    values: { max: countIn(max) },
  });
const numberAtLeast = (min: number) =>
  saidWith(`Enter a number of ${count(min)} or more`, {
    .../*i18n*/ { id: "field.numberAtLeast", message: "Enter a number of {min} or more" },
    values: { min: countIn(min) },
  });
const numberAbove = (min: number) =>
  saidWith(`Enter a number above ${count(min)}`, {
    .../*i18n*/ { id: "field.numberAbove", message: "Enter a number above {min}" },
    values: { min: countIn(min) },
  });
/** A step as the reader writes a number ("0.01", "0,01"); English as zod gave it. */
const step = (divisor: number | bigint) =>
  localeText((locale) =>
    locale === "en"
      ? String(divisor)
      : Number(divisor).toLocaleString(LOCALE_TAGS[locale], { maximumFractionDigits: 20 }),
  );

function words(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return FIELD_MESSAGES.required;
      if (issue.expected === "int") return said(/*i18n*/ { id: "Enter a whole number" });
      if (issue.expected === "number") return said(/*i18n*/ { id: "Enter a number" });
      if (issue.expected === "string") return said(/*i18n*/ { id: "Enter text" });
      if (issue.expected === "boolean") return said(/*i18n*/ { id: "Choose yes or no" });
      if (issue.expected === "array") return said(/*i18n*/ { id: "Choose from the list" });
      if (issue.expected === "object") return said(/*i18n*/ { id: "Fill in the form's fields" });
      return KIND;
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return FIELD_MESSAGES.tooLong(issue.inclusive ? max : max - 1);
      if (issue.origin === "array" || issue.origin === "set") return chooseAtMost(max);
      return issue.inclusive ? numberAtMost(max) : numberBelow(max);
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? FIELD_MESSAGES.required : FIELD_MESSAGES.tooShort(min);
      if (issue.origin === "array" || issue.origin === "set")
        return min <= 1 ? said(/*i18n*/ { id: "Choose at least one" }) : chooseAtLeast(min);
      return issue.inclusive ? numberAtLeast(min) : numberAbove(min);
    }
    case "invalid_format":
      if (issue.format === "email") return said(/*i18n*/ { id: "Please enter a valid email address" });
      if (issue.format === "date") return said(/*i18n*/ { id: "Enter a date as YYYY-MM-DD" });
      return said(/*i18n*/ { id: "Enter it in the format this field asks for" });
    case "not_multiple_of":
      return saidWith(`Use steps of ${issue.divisor}`, {
        .../*i18n*/ { id: "field.steps", message: "Use steps of {step}" },
        values: { step: step(issue.divisor) },
      });
    case "invalid_value":
      if (issue.values.length === 1 && issue.values[0] === true)
        return said(/*i18n*/ { id: "Tick this box to continue" });
      return issue.values.length <= 7
        ? saidWith(`Choose one of: ${issue.values.join(", ")}`, {
            .../*i18n*/ { id: "field.chooseOneOf", message: "Choose one of: {options}" },
            values: { options: issue.values.join(", ") },
          })
        : ONE_OF_THE_OPTIONS;
    case "unrecognized_keys":
      return saidNow(`This form has no field named ${issue.keys.join(", ")}`, {
        .../*i18n*/ { id: "field.unknownKeys", message: "This form has no field named {names}" },
        values: { names: issue.keys.join(", ") },
      });
    case "invalid_union":
      return KIND;
    default:
      return said(/*i18n*/ { id: "Check this field" });
  }
}

z.config({ customError: words });

/** Trimmed text of at most `max` characters; with `required`, that message when blank. */
export function text(max: number, required?: string) {
  const trimmed = z.string(required ?? FIELD_MESSAGES.required).trim();
  return (required ? trimmed.min(1, required) : trimmed).max(max, FIELD_MESSAGES.tooLong(max));
}

/** An optional text: trimmed, at most `max` characters, and null when empty or absent (stored as null). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, FIELD_MESSAGES.tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));
}
