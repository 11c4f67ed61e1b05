import { Trans, useLingui } from "@lingui/react/macro";
import { CreditCard } from "lucide-react";
import { ActionButton } from "../../components/ui/action-button.tsx";
import { usePayInvoice } from "./hooks.ts";

/** The parent's Pay action on a pending or overdue invoice: opens Stripe Checkout for it. */
export function PayInvoiceButton({
  invoiceId,
  label,
  className,
}: {
  invoiceId: string;
  label?: string;
  className?: string;
}) {
  const { pay, busy } = usePayInvoice();
  const { t } = useLingui();
  return (
    <ActionButton
      variant="success"
      className={className}
      onClick={() => pay(invoiceId)}
      disabled={busy}
      aria-busy={busy}
    >
      <CreditCard aria-hidden="true" className="h-4 w-4" />
      {busy ? <Trans>Opening…</Trans> : (label ?? t`Pay`)}
    </ActionButton>
  );
}
