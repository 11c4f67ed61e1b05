import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { LINKED_INVOICE_PARAM, PAYMENT_RETURN_PARAM } from "#shared/payment-texts.ts";
import { useParentInvoices } from "../../features/invoices/hooks.ts";
import { usePaidInvoice } from "../../features/payments/hooks.ts";
import { PaidInvoiceNotice } from "../../features/payments/PaidInvoiceNotice.tsx";
import { PayInvoiceButton } from "../../features/payments/PayInvoiceButton.tsx";
import { PaymentReturnNotice } from "../../features/payments/PaymentReturnNotice.tsx";
import { InvoicesScreen, useInvoiceFilters } from "./InvoicesScreen.tsx";

/**
 * The parent's "My Invoices" (spec): their invoices with Pay on those pending or overdue, the notice
 * of a payment on the way back from Checkout, and the invoice a receipt's push links to.
 */
export default function ParentInvoicesPage() {
  const { t } = useLingui();
  const filters = useInvoiceFilters();
  const list = useParentInvoices(filters.input);
  // Back from Checkout (`?payment=success&session_id=…`): kept before the return notice clears the URL.
  const [params] = useSearchParams();
  const [returnedSession] = useState(() =>
    params.get(PAYMENT_RETURN_PARAM) === "success" ? params.get("session_id") : null,
  );
  const paidInvoice = usePaidInvoice(returnedSession);
  // A receipt's push opens `?search=<number>&invoice=<id>`: that invoice, highlighted.
  const linkedInvoice = params.get(LINKED_INVOICE_PARAM);
  return (
    <InvoicesScreen
      title={t`My Invoices`}
      notices={
        <>
          <PaymentReturnNotice />
          <PaidInvoiceNotice {...paidInvoice} />
        </>
      }
      filters={filters}
      list={list}
      overdue={list.data?.counts.overdue}
      current={paidInvoice.paid?.invoiceId ?? linkedInvoice ?? undefined}
      showRecipient={false}
      rowActions={(invoice) =>
        invoice.status === "pending" || invoice.status === "overdue" ? (
          <PayInvoiceButton invoiceId={invoice.id} />
        ) : null
      }
    />
  );
}
