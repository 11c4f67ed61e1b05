import { TRPCClientError } from "@trpc/client";

/** The user-facing message of a failed call (the server sends the spec's texts). */
export function errorMessage(error: unknown, fallback = "An unexpected error occurred. Please try again."): string {
  if (error instanceof TRPCClientError && typeof error.message === "string" && error.message) return error.message;
  return fallback;
}
