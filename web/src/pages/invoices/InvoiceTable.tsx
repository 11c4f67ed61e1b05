import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { CardFields, CardHeader, type Column, DataTable } from "../../components/ui/data-table.tsx";
import { EmailAddress } from "../../components/ui/email-address.tsx";
import { formatIsoDay } from "../../components/ui/format.ts";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";
import { InvoiceStatusBadge } from "../../features/invoices/labels.tsx";
import { useMoney } from "../../lib/school-zone.ts";

/** The invoice's PDF (served by the Worker, for the school's admins and the invoice's parent). */
export function DownloadLink({ invoice }: { invoice: InvoiceRow }) {
  return (
    <a
      href={`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`}
      download
      aria-label={`Download ${invoice.invoiceNumber}`}
      className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      Download
    </a>
  );
}

/** What the Actions cell holds: Download, then whatever the page adds for this invoice (the parent's Pay). */
function Actions({
  invoice,
  extra,
}: {
  invoice: InvoiceRow;
  extra?: ((invoice: InvoiceRow) => ReactNode) | undefined;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DownloadLink invoice={invoice} />
      {extra?.(invoice)}
    </div>
  );
}

/** The status badge, and for a paid invoice the day it was paid (in the school's zone, from the server). */
const status = (invoice: InvoiceRow) => (
  <>
    <InvoiceStatusBadge status={invoice.status} />
    {invoice.status === "paid" && invoice.paidOn ? (
      <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
        Paid on {formatIsoDay(invoice.paidOn)}
      </span>
    ) : null}
  </>
);

/** How a paid invoice was paid offline ("Paid by cheque · 004512"), or why it was voided (the server's text); nothing otherwise. */
function StatusDetail({ invoice }: { invoice: InvoiceRow }) {
  if (!invoice.statusDetail) return null;
  return (
    <span className="mt-1 block text-xs wrap-anywhere text-slate-600" data-testid="invoice-status-detail">
      {invoice.statusDetail}
    </span>
  );
}

/** The total in the school's currency, with the fee it includes. */
function Amount({ invoice }: { invoice: InvoiceRow }) {
  const money = useMoney();
  return (
    <>
      <span className="font-medium text-ink">{money(invoice.amountCents)}</span>
      {invoice.feeCents > 0 ? (
        <span className="block text-xs text-slate-500">incl. {money(invoice.feeCents)} fee</span>
      ) : null}
    </>
  );
}

/**
 * The spec's columns (Invoice # with its issue date, Description, Amount, Due Date, Status,
 * Actions), the recipient for the school admin, and a card per invoice on narrow screens.
 * `actions` adds to the Actions cell after Download (the parent's Pay button goes there).
 */
export function InvoiceTable({
  rows,
  showRecipient,
  actions,
  empty,
  current,
}: {
  rows: readonly InvoiceRow[] | undefined;
  showRecipient: boolean;
  actions?: (invoice: InvoiceRow) => ReactNode;
  empty: ReactNode;
  /** The invoice the parent has just paid: highlighted. */
  current?: string | undefined;
}) {
  const columns: Column<InvoiceRow>[] = [
    {
      header: "Invoice #",
      rowHeader: true,
      className: "whitespace-nowrap",
      cell: (invoice) => (
        <>
          <span className="font-semibold text-ink">{invoice.invoiceNumber}</span>
          <span className="block text-xs font-normal text-slate-500">Issued {formatIsoDay(invoice.issueDate)}</span>
        </>
      ),
    },
    ...(showRecipient
      ? [
          {
            header: "Parent",
            cell: (invoice: InvoiceRow) => (
              <>
                <span className="block text-ink wrap-anywhere">{invoice.recipient?.name}</span>
                {invoice.recipient ? (
                  <EmailAddress email={invoice.recipient.email} className="block text-xs text-slate-500" />
                ) : null}
              </>
            ),
          },
        ]
      : []),
    { header: "Description", className: "wrap-anywhere", cell: (invoice) => invoice.description },
    {
      header: "Amount",
      className: "whitespace-nowrap text-right",
      headerClassName: "text-right",
      cell: (invoice) => <Amount invoice={invoice} />,
    },
    { header: "Due Date", className: "whitespace-nowrap", cell: (invoice) => formatIsoDay(invoice.dueDate) },
    {
      header: "Status",
      cell: (invoice) => (
        <>
          {status(invoice)}
          <StatusDetail invoice={invoice} />
        </>
      ),
    },
    { header: "Actions", cell: (invoice) => <Actions invoice={invoice} extra={actions} /> },
  ];
  return (
    <DataTable
      caption="Invoices"
      rows={rows}
      rowKey={(invoice) => invoice.id}
      columns={columns}
      empty={empty}
      current={current ? (invoice) => invoice.id === current : undefined}
      card={(invoice) => (
        <>
          <CardHeader
            title={
              <>
                <p className="font-semibold text-ink">{invoice.invoiceNumber}</p>
                <p className="text-sm text-slate-700">{invoice.description}</p>
              </>
            }
            aside={<div className="shrink-0 text-right">{status(invoice)}</div>}
          />
          <StatusDetail invoice={invoice} />
          <CardFields
            items={[
              ...(showRecipient && invoice.recipient
                ? [
                    {
                      label: "Parent",
                      value: (
                        <>
                          <span className="block wrap-anywhere">{invoice.recipient.name}</span>
                          <EmailAddress email={invoice.recipient.email} className="block text-xs text-slate-500" />
                        </>
                      ),
                    },
                  ]
                : []),
              { label: "Amount", value: <Amount invoice={invoice} /> },
              { label: "Issued", value: formatIsoDay(invoice.issueDate) },
              { label: "Due", value: formatIsoDay(invoice.dueDate) },
            ]}
          />
          <div className="mt-3">
            <Actions invoice={invoice} extra={actions} />
          </div>
        </>
      )}
    />
  );
}
