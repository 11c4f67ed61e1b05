import { useEffect } from "react";
import { useSearchParams } from "react-router";
import {
  PAYMENT_MESSAGES,
  PAYMENT_RETURN_PARAM,
  PAYMENT_RETURN_VALUES,
  type PaymentReturn,
} from "#shared/payment-texts.ts";
import { notify } from "../../lib/toast.ts";
import { useRefreshParentPayments } from "./hooks.ts";

/** Stripe's webhook usually lands within a second or two of the return; read again once it may have. */
const WEBHOOK_GRACE_MS = 2500;

/**
 * Back from Stripe Checkout (`?payment=success|cancelled`): a toast says what happened (an
 * invoice's texts unless the page gives its own), the parent's data is read again (the webhook marks it paid), and the parameters leave the URL so
 * a reload does not repeat the toast. Renders nothing.
 */
type ReturnTexts = Record<"returnSuccess" | "returnCancelled", { title: string; description: string }>;

export function PaymentReturnNotice({ texts = PAYMENT_MESSAGES }: { texts?: ReturnTexts } = {}) {
  const [params, setParams] = useSearchParams();
  const refresh = useRefreshParentPayments();
  const value = params.get(PAYMENT_RETURN_PARAM);
  const outcome = PAYMENT_RETURN_VALUES.find((known): known is PaymentReturn => known === value) ?? null;

  useEffect(() => {
    if (!outcome) return;
    const text = outcome === "success" ? texts.returnSuccess : texts.returnCancelled;
    // A fixed id: React's development double effect shows one toast, not two.
    notify(outcome === "success" ? "success" : "info", text.title, text.description, { id: "payment-return" });
    void refresh();
    // Not cleared when the parameters leave the URL (that re-runs this effect): it must still fire.
    if (outcome === "success") window.setTimeout(() => void refresh(), WEBHOOK_GRACE_MS);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(PAYMENT_RETURN_PARAM);
        next.delete("session_id");
        return next;
      },
      { replace: true },
    );
  }, [outcome, refresh, setParams, texts]);

  return null;
}
