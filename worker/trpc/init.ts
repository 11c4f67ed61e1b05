import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import { translated } from "#shared/said.ts";
import { VALIDATION_ERROR } from "#shared/well-formed.ts";
import { i18nFor, text } from "../i18n/texts.ts";
import { assertSudo } from "../services/auth/sudo.ts";
import { AppError } from "../services/errors.ts";
import { guardInput, onFailure } from "./boundary.ts";
import type { Context } from "./context.ts";
import { transformer } from "./output-transformer.ts";
import {
  authedRung,
  driverRung,
  parentRung,
  publicRung,
  schoolAdminRung,
  schoolBillingRung,
  schoolConnectRung,
  superAdminEnrollmentRung,
  superAdminRung,
} from "./rungs.ts";

/*
 * tRPC's initialisation and the procedures the routers build on. Around it: the context
 * (context.ts), the ladder of rungs each procedure stands on (rungs.ts), and the input guard and
 * error boundary every procedure runs in (boundary.ts).
 */

/* Initialisation: superjson, and errors whose message is the one a user should read. */

export const GENERIC_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";

const t = initTRPC.context<Context>().create({
  // superjson both ways; outputs through a one-pass serializer that builds the same payload (ADR 0028).
  transformer,
  errorFormatter({ shape, error, ctx }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const appError = error.cause instanceof AppError ? error.cause : null;
    let message = shape.message;
    if (zodError) message = zodError.issues[0]?.message ?? VALIDATION_ERROR;
    // Malformed JSON or superjson, a bad batch: never the parser's own text. Services' own
    // refusals are AppErrors and keep their message.
    else if ((error.code === "PARSE_ERROR" || error.code === "BAD_REQUEST") && !appError) message = VALIDATION_ERROR;
    else if (error.code === "INTERNAL_SERVER_ERROR") message = GENERIC_ERROR_MESSAGE;
    // In the requester's language: a descriptor with its values, or a fixed text found by its English.
    // The generic message stays as it is: the browser knows it by its English and says its own.
    const locale = ctx?.locale ?? "en";
    const i18n = i18nFor(locale);
    if (appError?.descriptor && message === appError.message) message = text(locale, appError.descriptor);
    else if (message !== GENERIC_ERROR_MESSAGE) message = translated(i18n, message);
    const fieldErrors: Record<string, string[] | undefined> | null = zodError
      ? z.flattenError(zodError).fieldErrors
      : null;
    if (fieldErrors && locale !== "en") {
      for (const [field, messages] of Object.entries(fieldErrors)) {
        fieldErrors[field] = messages?.map((each) => translated(i18n, each));
      }
    }
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors,
        retryAfterSeconds: appError?.details?.retryAfterSeconds ?? null,
        /** Why a FORBIDDEN happened, for the web app (sudo prompt, MFA enrolment). */
        reason: appError?.details?.reason ?? null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** The input guard and the rung; a refusal goes through the boundary as tRPC hands a thrown error on. */
async function enterRung<Added extends object>(
  ctx: Context,
  path: string,
  getRawInput: () => Promise<unknown>,
  rung: (ctx: Context) => Added,
): Promise<Added> {
  try {
    await guardInput(ctx, path, getRawInput);
    return rung(ctx);
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    await onFailure(ctx, path, error);
    throw error;
  }
}

/** A procedure on a rung, in one middleware: the input guard and the rung inside the error boundary. */
function procedureOn<Added extends object>(rung: (ctx: Context) => Added) {
  return t.procedure.use(async ({ ctx, path, getRawInput, next }) => {
    const result = await next({ ctx: await enterRung(ctx, path, getRawInput, rung) });
    if (!result.ok) await onFailure(ctx, path, result.error);
    return result;
  });
}

export const publicProcedure = procedureOn(publicRung);
export const authedProcedure = procedureOn(authedRung);

/**
 * A super admin, whether or not they have MFA yet: only the enrolment procedures (and auth.*) use
 * it directly. Everything else goes through `superAdminProcedure`.
 */
export const superAdminEnrollmentProcedure = procedureOn(superAdminEnrollmentRung);
export const superAdminProcedure = procedureOn(superAdminRung);

/**
 * SE6 sudo mode: add `.use(requireSudo)` to a procedure whose action needs the password (and TOTP
 * code) re-entered within the last 10 minutes: deleting a school, platform settings, MFA changes,
 * later a school's payment settings and payout account.
 */
export const requireSudo = t.middleware(async ({ ctx, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.notAuthenticated });
  await assertSudo(ctx.deps.db, ctx.auth.session, ctx.auth.user, ctx.deps.now());
  return next();
});

export const superAdminSudoProcedure = superAdminProcedure.use(requireSudo);
export const schoolBillingProcedure = procedureOn(schoolBillingRung);
export const schoolConnectProcedure = procedureOn(schoolConnectRung);
export const schoolAdminProcedure = procedureOn(schoolAdminRung);
export const parentProcedure = procedureOn(parentRung);
export const driverProcedure = procedureOn(driverRung);
