import { CheckCircle2, Download } from "lucide-react";
import { formatIsoDay } from "../../components/ui/format.ts";
import type { usePaidInvoice } from "./hooks.ts";

/**
 * Back from Checkout on My Invoices: once the webhook has marked the invoice paid, which invoice it
 * was, the day it was paid and its receipt (the invoice's PDF, which says "Paid on"); until then, that
 * the payment is being confirmed. Announced politely.
 */
export function PaidInvoiceNotice({ paid, waiting }: ReturnType<typeof usePaidInvoice>) {
  if (!paid && !waiting) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
    >
      {paid ? (
        <>
          <p className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
            <span>
              <span className="font-semibold">{paid.invoiceNumber}</span> is paid.
              {paid.paidOn ? ` Paid on ${formatIsoDay(paid.paidOn)}.` : null}
            </span>
          </p>
          <a
            href={`/api/invoices/${encodeURIComponent(paid.invoiceId)}/pdf`}
            download
            className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-green-700 px-3 font-medium text-green-900 hover:bg-green-100"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download receipt
          </a>
        </>
      ) : (
        <p>Confirming your payment with Stripe…</p>
      )}
    </div>
  );
}
