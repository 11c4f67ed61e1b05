import { TRPCClientError } from "@trpc/client";

export const GENERIC_ERROR = "An unexpected error occurred. Please try again.";

/**
 * The user-facing message of a failed call. Only an answer from our server (it carries an error
 * code) holds a message meant for people; a network failure ("Failed to fetch") gets the fallback,
 * and so does the server's generic message when the caller has a more specific one.
 */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  const fromServer = error instanceof TRPCClientError && Boolean((error.data as { code?: string } | undefined)?.code);
  if (!fromServer || !error.message || error.message === GENERIC_ERROR) return fallback;
  return error.message;
}
