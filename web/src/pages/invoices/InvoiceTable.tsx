import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const number = invoice.invoiceNumber;
  return (
    <a
      href={`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`}
      download
      aria-label={t`Download ${number}`}
      className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      <Trans>Download</Trans>
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
function Status({ invoice }: { invoice: InvoiceRow }) {
  const paidOn = invoice.status === "paid" && invoice.paidOn ? formatIsoDay(invoice.paidOn) : null;
  return (
    <>
      <InvoiceStatusBadge status={invoice.status} />
      {paidOn ? (
        <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
          <Trans>Paid on {paidOn}</Trans>
        </span>
      ) : null}
    </>
  );
}

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
  const fee = money(invoice.feeCents);
  return (
    <>
      <span className="font-medium text-ink">{money(invoice.amountCents)}</span>
      {invoice.feeCents > 0 ? (
        <span className="block text-xs text-slate-500">
          <Trans>incl. {fee} fee</Trans>
        </span>
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
  const { t } = useLingui();
  const columns: Column<InvoiceRow>[] = [
    {
      header: t`Invoice #`,
      rowHeader: true,
      className: "whitespace-nowrap",
      cell: (invoice) => {
        const issued = formatIsoDay(invoice.issueDate);
        return (
          <>
            <span className="font-semibold text-ink">{invoice.invoiceNumber}</span>
            <span className="block text-xs font-normal text-slate-500">{t`Issued ${issued}`}</span>
          </>
        );
      },
    },
    ...(showRecipient
      ? [
          {
            header: t`Parent`,
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
    { header: t`Description`, className: "wrap-anywhere", cell: (invoice) => invoice.description },
    {
      header: t`Amount`,
      className: "whitespace-nowrap text-end",
      headerClassName: "text-end",
      cell: (invoice) => <Amount invoice={invoice} />,
    },
    { header: t`Due Date`, className: "whitespace-nowrap", cell: (invoice) => formatIsoDay(invoice.dueDate) },
    {
      header: t`Status`,
      cell: (invoice) => (
        <>
          <Status invoice={invoice} />
          <StatusDetail invoice={invoice} />
        </>
      ),
    },
    { header: t`Actions`, cell: (invoice) => <Actions invoice={invoice} extra={actions} /> },
  ];
  return (
    <DataTable
      caption={t`Invoices`}
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
            aside={
              <div className="shrink-0 text-end">
                <Status invoice={invoice} />
              </div>
            }
          />
          <StatusDetail invoice={invoice} />
          <CardFields
            items={[
              ...(showRecipient && invoice.recipient
                ? [
                    {
                      label: t`Parent`,
                      value: (
                        <>
                          <span className="block wrap-anywhere">{invoice.recipient.name}</span>
                          <EmailAddress email={invoice.recipient.email} className="block text-xs text-slate-500" />
                        </>
                      ),
                    },
                  ]
                : []),
              { label: t`Amount`, value: <Amount invoice={invoice} /> },
              { label: t`Issued`, value: formatIsoDay(invoice.issueDate) },
              { label: t`Due`, value: formatIsoDay(invoice.dueDate) },
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
