import { z } from "zod";

/**
 * What a form says when a value is not allowed, in words (issue 25): every schema's own messages
 * come from here or from its texts module, and the error map below words whatever a schema leaves to
 * zod, so its defaults ("Too big: expected string to have <=120 characters", "Invalid input") never
 * reach a person. Every shared module that builds a schema imports this one, which installs the map
 * (`tests/node/validation-messages.test.ts` checks both).
 */

const count = (value: number | bigint) => Number(value).toLocaleString("en-US");

export const FIELD_MESSAGES = {
  required: "This field is required",
  tooLong: (max: number) => `Use at most ${count(max)} characters`,
  tooShort: (min: number) => `Use at least ${count(min)} characters`,
  atMost: (what: string, max: number) => `Enter at most ${count(max)} ${what}`,
} as const;

function words(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return FIELD_MESSAGES.required;
      if (issue.expected === "int") return "Enter a whole number";
      if (issue.expected === "number") return "Enter a number";
      if (issue.expected === "string") return "Enter text";
      if (issue.expected === "boolean") return "Choose yes or no";
      if (issue.expected === "array") return "Choose from the list";
      if (issue.expected === "object") return "Fill in the form's fields";
      return "Enter a value of the kind this field takes";
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return FIELD_MESSAGES.tooLong(issue.inclusive ? max : max - 1);
      if (issue.origin === "array" || issue.origin === "set") return `Choose at most ${count(max)}`;
      return issue.inclusive ? `Enter a number of ${count(max)} or less` : `Enter a number below ${count(max)}`;
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? FIELD_MESSAGES.required : FIELD_MESSAGES.tooShort(min);
      if (issue.origin === "array" || issue.origin === "set")
        return min <= 1 ? "Choose at least one" : `Choose at least ${count(min)}`;
      return issue.inclusive ? `Enter a number of ${count(min)} or more` : `Enter a number above ${count(min)}`;
    }
    case "invalid_format":
      if (issue.format === "email") return "Please enter a valid email address";
      if (issue.format === "date") return "Enter a date as YYYY-MM-DD";
      return "Enter it in the format this field asks for";
    case "not_multiple_of":
      return `Use steps of ${issue.divisor}`;
    case "invalid_value":
      if (issue.values.length === 1 && issue.values[0] === true) return "Tick this box to continue";
      return issue.values.length <= 7 ? `Choose one of: ${issue.values.join(", ")}` : "Choose one of the options";
    case "unrecognized_keys":
      return `This form has no field named ${issue.keys.join(", ")}`;
    case "invalid_union":
      return "Enter a value of the kind this field takes";
    default:
      return "Check this field";
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
