import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../api.ts";
import { sharedText } from "../i18n/shared-texts.ts";
import { GENERIC_ERROR_MESSAGE } from "./generic-error.ts";

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
 * for people; a network failure gets the fallback, and so does the server's generic message when
 * the caller has a more specific one.
 */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (!isAppError(error) || !error.message || error.message === GENERIC_ERROR) return sharedText(fallback);
  return sharedText(error.message);
}

/** The input fields the server rejected, with their messages; null when none. */
export function fieldErrorsOf(error: unknown): Record<string, string[] | undefined> | null {
  if (!isAppError(error)) return null;
  const fieldErrors = error.data.fieldErrors;
  return fieldErrors && Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}
