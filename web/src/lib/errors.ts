import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../api.ts";
import { sharedText } from "../i18n/shared-texts.ts";
import { GENERIC_ERROR_MESSAGE, genericErrorMessage } from "./generic-error.ts";

/** The server's generic message in English (what it answers an unexpected failure with). */
export const GENERIC_ERROR = GENERIC_ERROR_MESSAGE;

/** An answer from our server: a tRPC error with the data its error formatter adds. */
export type AppError = TRPCClientError<AppRouter> & { data: NonNullable<TRPCClientError<AppRouter>["data"]> };

/**
 * Whether `error` is an answer from our server (it carries `data` with an error code, field errors,
 * `retryAfterSeconds` and a FORBIDDEN `reason`). A network failure ("Failed to fetch") is not.
 */
export function isAppError(error: unknown): error is AppError {
  return error instanceof TRPCClientError && typeof (error as TRPCClientError<AppRouter>).data?.code === "string";
}

/**
 * The user-facing message of a failed call. Only an answer from our server holds a message meant
 * for people; a network failure gets the fallback (else the generic message in the reader's
 * language), and so does the server's generic message (in English or in the reader's language).
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const generic = genericErrorMessage();
  if (!isAppError(error) || !error.message || error.message === GENERIC_ERROR || error.message === generic)
    return fallback === undefined ? generic : sharedText(fallback);
  return sharedText(error.message);
}

/** The input fields the server rejected, with their messages; null when none. */
export function fieldErrorsOf(error: unknown): Record<string, string[] | undefined> | null {
  if (!isAppError(error)) return null;
  const fieldErrors = error.data.fieldErrors;
  return fieldErrors && Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}
