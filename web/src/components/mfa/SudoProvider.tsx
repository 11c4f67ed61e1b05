import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from "react";
import { FORBIDDEN_REASONS } from "#shared/mfa-reasons.ts";
import { forbiddenReason, SudoContext, type SudoPrompt } from "../../lib/sudo.ts";
import type { Pending } from "./ConfirmItsYouDialog.tsx";

// Not open on load: its form, schema and dialog code load when the server first asks for it.
const ConfirmItsYouDialog = lazy(() => import("./ConfirmItsYouDialog.tsx"));

/**
 * SE6 in the browser: an action the server refuses for want of a recent re-authentication opens
 * "Confirm it's you" (password, and a code when the user has two-factor on), then runs again.
 */
export function SudoProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const intercept = useCallback<SudoPrompt["intercept"]>((error, retry) => {
    const reason = forbiddenReason(error);
    if (reason !== FORBIDDEN_REASONS.sudoRequired && reason !== FORBIDDEN_REASONS.sudoRequiredWithCode) return false;
    setPending({ withCode: reason === FORBIDDEN_REASONS.sudoRequiredWithCode, retry });
    return true;
  }, []);
  const value = useMemo(() => ({ intercept }), [intercept]);
  return (
    <SudoContext.Provider value={value}>
      {children}
      {pending ? (
        <Suspense fallback={null}>
          <ConfirmItsYouDialog pending={pending} onClose={() => setPending(null)} />
        </Suspense>
      ) : null}
    </SudoContext.Provider>
  );
}
