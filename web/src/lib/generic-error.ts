import { msg } from "@lingui/core/macro";
import { translate } from "./translated-labels.ts";

/**
 * The server's generic failure message, as the server writes it in English (no tRPC import here:
 * light pages show it too). Compare with it; show `genericErrorMessage()`.
 */
export const GENERIC_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";

const GENERIC_ERROR_TEXT = msg`An unexpected error occurred. Please try again.`;

/** The generic failure message in the reader's language. */
export function genericErrorMessage(): string {
  return translate(GENERIC_ERROR_TEXT);
}
