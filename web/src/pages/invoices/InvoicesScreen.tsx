import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { INVOICE_MESSAGES, INVOICE_TABS, type InvoiceTab } from "#shared/invoice-texts.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterTabs, useUrlFilters } from "../../components/ui/filters.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination, useLastPageFallback } from "../../components/ui/pagination.tsx";
import { type QueryLike, QueryState } from "../../components/ui/states.tsx";
import type { InvoiceRow, ParentInvoiceList, SchoolInvoiceList } from "../../features/invoices/hooks.ts";
import { useInvoiceTabLabels } from "../../features/invoices/labels.tsx";
import { sharedText } from "../../i18n/shared-texts.ts";
import { InvoiceTable } from "./InvoiceTable.tsx";

const FILTERS = { tab: "all", search: "", page: "1" };

/** The list's filters, kept in the address: the tab, the search and the page, and the list's input from them. */
export function useInvoiceFilters() {
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const tab = (INVOICE_TABS as readonly string[]).includes(filters.tab) ? (filters.tab as InvoiceTab) : "all";
  const page = Math.max(1, Number(filters.page) || 1);
  return { filters, setFilters, tab, page, input: { tab, search: filters.search || undefined, page } };
}

type InvoiceList = SchoolInvoiceList | ParentInvoiceList;

/**
 * The Invoices screen both roles share (spec): the title, the tabs All Invoices, Pending, Paid and
 * Overdue (only when any), search by number or description, the table and its pages (paginated on
 * the server). Each role's page (SchoolInvoicesPage, ParentInvoicesPage) adds its own: the admin's
 * actions, banner and totals, the parent's payment notices and Pay buttons.
 */
export function InvoicesScreen({
  title,
  actions,
  notices,
  filters: { filters, setFilters, tab, page },
  list,
  overdue,
  current,
  showRecipient,
  rowActions,
}: {
  title: string;
  actions?: ReactNode;
  /** What shows above the tabs (the banner, the totals, the payment notices). */
  notices?: ReactNode;
  filters: ReturnType<typeof useInvoiceFilters>;
  list: QueryLike<InvoiceList>;
  /** How many invoices are overdue: the Overdue tab shows only when any are (or it is the current one). */
  overdue: number | undefined;
  /** The row the reader came for (an invoice just paid, or a receipt's link). */
  current?: string | undefined;
  showRecipient: boolean;
  rowActions: (invoice: InvoiceRow) => ReactNode;
}) {
  const { t } = useLingui();
  const tabLabels = useInvoiceTabLabels();
  useLastPageFallback(list.data?.pages, page, (last) => setFilters({ page: String(last) }));
  usePageTitle(t`${title} · SchoolRide`);
  const tabs = INVOICE_TABS.filter((name) => name !== "overdue" || (overdue ?? 0) > 0 || tab === "overdue");
  return (
    <div className="space-y-5">
      <PageHeader title={title} actions={actions} />
      {notices}
      <FilterTabs
        label={t`Filter invoices`}
        tabs={tabs}
        current={tab}
        labels={tabLabels}
        onSelect={(name) => setFilters({ tab: name })}
      />
      <DebouncedInput
        label={t`Search invoices`}
        icon
        placeholder={t`Search by invoice number or description`}
        value={filters.search}
        maxLength={120}
        onCommit={(search) => setFilters({ search })}
        className="max-w-md"
      />
      <QueryState<InvoiceList> query={list} loading={t`Loading invoices…`} failed={t`Failed to load invoices.`}>
        {(data) => (
          <>
            <InvoiceTable
              rows={data.rows}
              current={current}
              showRecipient={showRecipient}
              actions={rowActions}
              empty={<EmptyState title={sharedText(INVOICE_MESSAGES.empty)} spacious />}
            />
            <Pagination
              result={data}
              noun={t`invoices`}
              label={t`Invoices pages`}
              onPageChange={(next) => setFilters({ page: String(next) })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
