import { Trans, useLingui } from "@lingui/react/macro";
import { CreditCard } from "lucide-react";
import { useRef, useState } from "react";
import { ActionButton } from "../../components/ui/action-button.tsx";
import { genericErrorMessage } from "../../lib/generic-error.ts";
import { notify } from "../../lib/toast.ts";

/** The checkout call's code (and its messages) loads when the button is first pointed at or pressed, not with the page. */
const loadCheckout = () => import("./start-checkout.ts");

/**
 * The parent's Pay action on a pending or overdue invoice: opens Stripe Checkout for it. The button
 * stays busy until the page is replaced (a second click would only get the same session).
 */
export function PayInvoiceButton({
  invoiceId,
  label,
  className,
}: {
  invoiceId: string;
  label?: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const { t } = useLingui();
  const pay = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    let redirecting = false;
    try {
      redirecting = await (await loadCheckout()).startInvoiceCheckout(invoiceId);
    } catch {
      notify("error", t`Payment Unavailable`, genericErrorMessage()); // The code could not be loaded (offline).
    }
    if (redirecting) return;
    busyRef.current = false;
    setBusy(false);
  };
  return (
    <ActionButton
      variant="success"
      className={className}
      onPointerEnter={() => void loadCheckout().catch(() => undefined)}
      onFocus={() => void loadCheckout().catch(() => undefined)}
      onClick={() => void pay()}
      disabled={busy}
      aria-busy={busy}
    >
      <CreditCard aria-hidden="true" className="h-4 w-4" />
      {busy ? <Trans>Opening…</Trans> : (label ?? t`Pay`)}
    </ActionButton>
  );
}
