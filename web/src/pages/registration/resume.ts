import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useResumeRegistration } from "../../features/registrations/hooks.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { withoutParam } from "../../lib/url-filters.ts";

type ResumeResult = RouterOutputs["registration"]["resume"];
export type Resumable = Extract<ResumeResult, { status: "resumable" }>;

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
  | { kind: "resumed"; registration: Resumable; via: "link" | "cancelled" }
  | { kind: "closed"; message: string }
  | { kind: "failed"; message: string };

/**
 * On load: `?resume=<token>` (the e-mailed link) or `?cancelled=1` with this tab's token reopens
 * the registration. The token leaves the address bar at once (it is a secret); the tab keeps it.
 */
export function useResumeOnLoad(onOutcome: (outcome: ResumeOutcome) => void) {
  const [params, setParams] = useSearchParams();
  const resume = useResumeRegistration();
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
      setParams(withoutParam("resume"), { replace: true });
    }
    resume.mutate(
      { token },
      {
        onSuccess: (result) =>
          report.current(result.status === "resumable" ? { kind: "resumed", registration: result, via } : { kind: "closed", message: result.message }),
        onError: (error) => report.current({ kind: "failed", message: errorMessage(error) }),
        onSettled: () => setResuming(false),
      },
    );
  }, [linkToken, cancelled, resume, setParams]);

  return { resuming };
}
