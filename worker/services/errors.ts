/**
 * Errors services throw. They carry the user-facing message; the tRPC layer maps `code` to its
 * own codes, so services stay free of tRPC.
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
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: { retryAfterSeconds?: number; reason?: string },
  ) {
    super(message);
  }
}

function retryLater(what: string, retryAfterSeconds: number): AppError {
  const wait =
    retryAfterSeconds >= 120 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : `${retryAfterSeconds} seconds`;
  return new AppError("TOO_MANY_REQUESTS", `${what}. Please try again in ${wait}.`, { retryAfterSeconds });
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return retryLater("Too many attempts", retryAfterSeconds);
}

/** An action that sends e-mail, refused by the e-mail limits. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return retryLater("Too many requests", retryAfterSeconds);
}
