import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { formatCents } from "#shared/money.ts";
import { CardFields, CardHeader, type Column, DataTable } from "../../components/ui/data-table.tsx";
import { formatIsoDay } from "../../components/ui/format.ts";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";
import { InvoiceStatusBadge } from "../../features/invoices/labels.tsx";

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
function Actions({ invoice, extra }: { invoice: InvoiceRow; extra?: ((invoice: InvoiceRow) => ReactNode) | undefined }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DownloadLink invoice={invoice} />
      {extra?.(invoice)}
    </div>
  );
}

const amount = (invoice: InvoiceRow) => (
  <>
    <span className="font-medium text-ink">{formatCents(invoice.amountCents)}</span>
    {invoice.feeCents > 0 ? <span className="block text-xs text-slate-500">incl. {formatCents(invoice.feeCents)} fee</span> : null}
  </>
);

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
}: {
  rows: readonly InvoiceRow[] | undefined;
  showRecipient: boolean;
  actions?: (invoice: InvoiceRow) => ReactNode;
  empty: ReactNode;
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
                <span className="text-ink">{invoice.recipient?.name}</span>
                <span className="block text-xs break-all text-slate-500">{invoice.recipient?.email}</span>
              </>
            ),
          },
        ]
      : []),
    { header: "Description", className: "break-words", cell: (invoice) => invoice.description },
    { header: "Amount", className: "whitespace-nowrap text-right", headerClassName: "text-right", cell: amount },
    { header: "Due Date", className: "whitespace-nowrap", cell: (invoice) => formatIsoDay(invoice.dueDate) },
    { header: "Status", cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
    { header: "Actions", cell: (invoice) => <Actions invoice={invoice} extra={actions} /> },
  ];
  return (
    <DataTable
      caption="Invoices"
      rows={rows}
      rowKey={(invoice) => invoice.id}
      columns={columns}
      empty={empty}
      card={(invoice) => (
        <>
          <CardHeader
            title={
              <>
                <p className="font-semibold text-ink">{invoice.invoiceNumber}</p>
                <p className="text-sm break-words text-slate-700">{invoice.description}</p>
              </>
            }
            aside={<InvoiceStatusBadge status={invoice.status} />}
          />
          <CardFields
            items={[
              ...(showRecipient ? [{ label: "Parent", value: `${invoice.recipient?.name ?? ""} (${invoice.recipient?.email ?? ""})`, className: "break-all" }] : []),
              { label: "Amount", value: amount(invoice) },
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
