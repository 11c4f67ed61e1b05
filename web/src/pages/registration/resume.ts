import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { Resumed } from "../../features/registrations/wizard-calls.ts";
import { GENERIC_ERROR_MESSAGE } from "../../lib/generic-error.ts";
import { loadWizardCalls } from "./wizard.ts";

/**
 * The registration's resume token, kept for this tab: Stripe Checkout's "Cancel and go back" comes
 * back to `/get-started?cancelled=1`, and the token brings back the same registration at step 4.
 */
const STORAGE_KEY = "schoolride.registration.resume";

export function rememberResumeToken(token: string | null | undefined) {
  if (!token) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage can be disabled; the link in the verification e-mail still resumes.
  }
}

function storedResumeToken(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export type ResumeOutcome =
  | ({ kind: "resumed"; via: "link" | "cancelled" } & Resumed)
  | { kind: "closed"; message: string }
  | { kind: "failed"; message: string };

/**
 * On load: `?resume=<token>` (the e-mailed link) or `?cancelled=1` with this tab's token reopens
 * the registration (the wizard's calls load for it). The token leaves the address bar at once (it
 * is a secret); the tab keeps it.
 */
export function useResumeOnLoad(onOutcome: (outcome: ResumeOutcome) => void) {
  const [params, setParams] = useSearchParams();
  const started = useRef(false);
  const linkToken = params.get("resume");
  const cancelled = params.get("cancelled") === "1";
  const [resuming, setResuming] = useState(() => Boolean(linkToken || (cancelled && storedResumeToken())));
  const report = useRef(onOutcome);
  report.current = onOutcome;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = linkToken ?? (cancelled ? storedResumeToken() : null);
    if (!token) return;
    const via = linkToken ? "link" : "cancelled";
    if (linkToken) {
      rememberResumeToken(linkToken);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("resume");
          return next;
        },
        { replace: true },
      );
    }
    void (async () => {
      try {
        const result = await (await loadWizardCalls()).resumeRegistration(token);
        if (result.ok === true) report.current({ kind: "resumed", via, ...result.data });
        else report.current({ kind: result.ok === "closed" ? "closed" : "failed", message: result.message });
      } catch {
        report.current({ kind: "failed", message: GENERIC_ERROR_MESSAGE }); // The calls could not be loaded (offline).
      } finally {
        setResuming(false);
      }
    })();
  }, [linkToken, cancelled, setParams]);

  return { resuming };
}
