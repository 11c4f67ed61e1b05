import { TRPCError } from "@trpc/server";
import { inputTextRefusal, VALIDATION_ERROR } from "#shared/well-formed.ts";
import { recordAuthorizationDenial } from "../services/audit-denials.ts";
import { AppError } from "../services/errors.ts";
import type { Context } from "./context.ts";

/* What runs around every procedure (init.ts): the input guard first, the error boundary around all. */

/**
 * The error boundary: turns service errors into tRPC errors, audits a signed-in user's FORBIDDEN
 * or NOT_FOUND (LG1) and logs the unexpected ones. Throws the error to answer with, or returns.
 */
export async function onFailure(ctx: Context, path: string, error: TRPCError): Promise<void> {
  const cause = error.cause;
  const code = cause instanceof AppError ? cause.code : error.code;
  if (ctx.auth && (code === "FORBIDDEN" || code === "NOT_FOUND")) await logDenial(ctx, path, code);
  if (cause instanceof AppError) {
    // 429 and 503 say when to come back, in the body and as the standard header.
    const retryAfter = cause.details?.retryAfterSeconds;
    if (retryAfter !== undefined) ctx.resHeaders.set("Retry-After", String(retryAfter));
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  if (error.code === "INTERNAL_SERVER_ERROR") {
    ctx.deps.logger.error("procedure failed", {
      path,
      requestId: ctx.meta.requestId,
      error: String(cause?.stack ?? error.message),
    });
  }
}

/** LG1: audit an authorization denial; a failed insert is logged and never fails the request. */
async function logDenial(ctx: Context, path: string, code: "FORBIDDEN" | "NOT_FOUND") {
  const user = ctx.auth!.user;
  try {
    await recordAuthorizationDenial(
      ctx.deps.db,
      { path, code, userId: user.id, role: user.role, schoolId: user.schoolId },
      ctx.meta,
      ctx.deps.now(),
    );
  } catch (error) {
    ctx.deps.logger.error("audit: authorization denial not recorded", {
      path,
      requestId: ctx.meta.requestId,
      error: String(error),
    });
  }
}

/** No input: nothing, null, or `{}` (a plain object, not a Date, Map or Set that superjson made). */
const isEmptyInput = (raw: unknown) =>
  raw === undefined ||
  raw === null ||
  (typeof raw === "object" && Object.getPrototypeOf(raw) === Object.prototype && Object.keys(raw).length === 0);

/**
 * IN1, for every procedure before anything else runs: the raw input holds only well-formed Unicode
 * (a lone surrogate would be stored and later crash the database driver) and no NUL (IN2: the
 * driver would read the text back cut short at it), and a procedure declared without input accepts
 * none (no unknown keys). Schemas refuse unknown keys for the others.
 */
export async function guardInput(ctx: Context, path: string, getRawInput: () => Promise<unknown>) {
  const raw = await getRawInput();
  const refusal =
    inputTextRefusal(raw) ?? (ctx.inputlessPaths?.has(path) && !isEmptyInput(raw) ? VALIDATION_ERROR : null);
  // An AppError, so the answer keeps its message (a NUL is told so, not just "Validation Error").
  if (refusal) throw new AppError("BAD_REQUEST", refusal);
}
