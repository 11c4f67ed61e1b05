import { Trans } from "@lingui/react/macro";
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
  const invoiceNumber = paid?.invoiceNumber;
  const paidOn = paid?.paidOn ? formatIsoDay(paid.paidOn) : null;
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
              <Trans>
                <span className="font-semibold">{invoiceNumber}</span> is paid.
              </Trans>
              {paidOn ? (
                <>
                  {" "}
                  <Trans>Paid on {paidOn}.</Trans>
                </>
              ) : null}
            </span>
          </p>
          <a
            href={`/api/invoices/${encodeURIComponent(paid.invoiceId)}/pdf`}
            download
            className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-green-700 px-3 font-medium text-green-900 hover:bg-green-100"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            <Trans>Download receipt</Trans>
          </a>
        </>
      ) : (
        <p>
          <Trans>Confirming your payment with Stripe…</Trans>
        </p>
      )}
    </div>
  );
}
