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
  | "PRECONDITION_FAILED";

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

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const wait = retryAfterSeconds >= 120 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : `${retryAfterSeconds} seconds`;
  return new AppError("TOO_MANY_REQUESTS", `Too many attempts. Please try again in ${wait}.`, { retryAfterSeconds });
}
