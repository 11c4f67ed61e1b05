/**
 * worker/shared's fixed texts in the reader's language (ADR 0078): a toast, a label, a refusal or a
 * zod message is the English string it always was, and that English is its id in the `shared`
 * catalog (worker/shared/said.ts). The frame's components that show such strings (toasts, a field's
 * error, an enum's options, an empty list, a confirmation) pass them through `sharedText`; any
 * other string (a name, a message the server already translated) comes back as it is.
 */
import { i18n } from "@lingui/core";
import { translated } from "#shared/said.ts";

export function sharedText(text: string): string;
export function sharedText(text: string | undefined): string | undefined;
export function sharedText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : translated(i18n, text);
}
