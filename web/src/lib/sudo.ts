import { createContext, useContext } from "react";
import { FORBIDDEN_REASONS, type ForbiddenReason } from "#shared/mfa-reasons.ts";
import { isAppError } from "./errors.ts";

/** The reason the server gave for a FORBIDDEN answer (sudo prompt, MFA enrolment), if any. */
export function forbiddenReason(error: unknown): ForbiddenReason | null {
  if (!isAppError(error)) return null;
  const reason = error.data.reason;
  return Object.values(FORBIDDEN_REASONS).find((known) => known === reason) ?? null;
}

export type SudoPrompt = {
  /**
   * When `error` asks for a recent re-authentication, opens "Confirm it's you" and runs `retry`
   * once the user has confirmed; returns true (the caller shows nothing else). Otherwise false.
   */
  intercept: (error: unknown, retry: () => void) => boolean;
};

export const SudoContext = createContext<SudoPrompt>({ intercept: () => false });

export function useSudo(): SudoPrompt {
  return useContext(SudoContext);
}
