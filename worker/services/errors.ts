import type { MessageDescriptor } from "@lingui/core";
import { text } from "../i18n/texts.ts";

/**
 * Errors services throw. They carry the user-facing message; the tRPC layer maps `code` to its
 * own codes, so services stay free of tRPC. The message is English (a fixed text of worker/shared,
 * its English being its id) or a descriptor with values; the error formatter says it in the
 * requester's language (worker/trpc/init.ts).
 */
export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "PRECONDITION_FAILED"
  | "SERVICE_UNAVAILABLE";

export class AppError extends Error {
  override name = "AppError";
  /** The message as a descriptor (with its values) when it has placeholders. */
  readonly descriptor: MessageDescriptor | null;
  constructor(
    readonly code: AppErrorCode,
    message: string | MessageDescriptor,
    readonly details?: { retryAfterSeconds?: number; reason?: string },
  ) {
    super(typeof message === "string" ? message : text("en", message));
    this.descriptor = typeof message === "string" ? null : message;
  }
}

function retryLater(what: "attempts" | "requests", retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const message =
    what === "attempts"
      ? retryAfterSeconds >= 120
        ? /*i18n*/ {
            id: "refusal.tooManyAttempts.minutes",
            message: "Too many attempts. Please try again in {minutes} minutes.",
            values: { minutes },
          }
        : /*i18n*/ {
            id: "refusal.tooManyAttempts.seconds",
            message: "Too many attempts. Please try again in {seconds, plural, one {# seconds} other {# seconds}}.",
            values: { seconds: retryAfterSeconds },
          }
      : retryAfterSeconds >= 120
        ? /*i18n*/ {
            id: "refusal.tooManyRequests.minutes",
            message: "Too many requests. Please try again in {minutes} minutes.",
            values: { minutes },
          }
        : /*i18n*/ {
            id: "refusal.tooManyRequests.seconds",
            message: "Too many requests. Please try again in {seconds, plural, one {# seconds} other {# seconds}}.",
            values: { seconds: retryAfterSeconds },
          };
  return new AppError("TOO_MANY_REQUESTS", message, { retryAfterSeconds });
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return retryLater("attempts", retryAfterSeconds);
}

/** An action that sends e-mail, refused by the e-mail limits. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return retryLater("requests", retryAfterSeconds);
}
