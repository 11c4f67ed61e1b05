import { t } from "@lingui/core/macro";
import type { z } from "zod";

/**
 * Checks a small form's values with its shared zod schema: the parsed input, or null after
 * reporting the first message (`report(null)` clears an earlier one).
 */
export function parseOrReport<S extends z.ZodType>(
  schema: S,
  values: unknown,
  report: (message: string | null) => void,
): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    report(parsed.error.issues[0]?.message ?? t`Please check the fields.`);
    return null;
  }
  report(null);
  return parsed.data;
}
