import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { FilePlus2, Settings2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { bpsToPercent } from "#shared/fees.ts";
import { INVOICE_MESSAGES, INVOICE_TABS, type InvoiceTab } from "#shared/invoice-texts.ts";
import { LINKED_INVOICE_PARAM, PAYMENT_RETURN_PARAM } from "#shared/payment-texts.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Button, SecondaryButton } from "../../components/ui/buttons.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterTabs, useUrlFilters } from "../../components/ui/filters.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination, useLastPageFallback } from "../../components/ui/pagination.tsx";
import { QueryState, StatCard } from "../../components/ui/states.tsx";
import {
  type InvoiceRole,
  type ParentInvoiceList,
  type SchoolInvoiceList,
  useParentInvoices,
  useSchoolInvoices,
} from "../../features/invoices/hooks.ts";
import { feeRuleText, useInvoiceTabLabels } from "../../features/invoices/labels.tsx";
import { usePaymentSettings } from "../../features/payment-settings/hooks.ts";
import { usePaidInvoice } from "../../features/payments/hooks.ts";
import { PaidInvoiceNotice } from "../../features/payments/PaidInvoiceNotice.tsx";
import { PayInvoiceButton } from "../../features/payments/PayInvoiceButton.tsx";
import { PaymentReturnNotice } from "../../features/payments/PaymentReturnNotice.tsx";
import { sharedText } from "../../i18n/shared-texts.ts";
import { useMoney } from "../../lib/school-zone.ts";
import { InvoiceTable } from "./InvoiceTable.tsx";

const PaymentSettingsDialog = lazy(() => import("./PaymentSettingsDialog.tsx"));
/** The admin's Manage menu of a row: loaded with the admin's list, not in the page's (or the parent's) initial code. */
const CorrectionActions = lazy(() => import("./CorrectionActions.tsx"));
const CreateInvoiceDialog = lazy(() => import("./CreateInvoiceDialog.tsx"));

const FILTERS = { tab: "all", search: "", page: "1" };
const TITLES: Record<InvoiceRole, MessageDescriptor> = {
  schoolAdmin: msg`Invoices & Payments`,
  parent: msg`My Invoices`,
};

/** The current-settings banner: the fee rule and the school's platform fee (set by the platform). */
function SettingsBanner() {
  const settings = usePaymentSettings();
  if (!settings.data) return null;
  const rule = feeRuleText(settings.data);
  const fee = bpsToPercent(settings.data.platformFeeBps);
  return (
    <p
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
      data-testid="payment-settings-banner"
    >
      <Trans>
        {rule} · Platform fee: {fee}% of each payment
      </Trans>
    </p>
  );
}

function TotalsCards({ totals }: { totals: NonNullable<ReturnType<typeof useSchoolInvoices>["data"]>["totals"] }) {
  const { t } = useLingui();
  const money = useMoney();
  const count = (n: number) => t`${plural(n, { one: "# invoice", other: "# invoices" })}`;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard label={t`Paid`} value={money(totals.paid.cents)} detail={count(totals.paid.count)} />
      <StatCard label={t`Pending`} value={money(totals.pending.cents)} detail={count(totals.pending.count)} />
      <StatCard label={t`Overdue`} value={money(totals.overdue.cents)} detail={count(totals.overdue.count)} />
    </div>
  );
}

/**
 * The shared Invoices screen (spec): "Invoices & Payments" for a school admin (Payment Settings,
 * Create Invoice, the settings banner, totals cards, the recipient column) and "My Invoices" for a
 * parent. Tabs All Invoices, Pending, Paid and Overdue (only when any), search by number or
 * description, paginated on the server.
 */
export default function InvoicesPage({ role }: { role: InvoiceRole }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const tabLabels = useInvoiceTabLabels();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const tab = (INVOICE_TABS as readonly string[]).includes(filters.tab) ? (filters.tab as InvoiceTab) : "all";
  const page = Math.max(1, Number(filters.page) || 1);
  const input = { tab, search: filters.search || undefined, page };
  const admin = role === "schoolAdmin";
  const schoolList = useSchoolInvoices(input, admin);
  const parentList = useParentInvoices(input, !admin);
  const list = admin ? schoolList : parentList;
  const [dialog, setDialog] = useState<"settings" | "create" | null>(null);
  // Back from Checkout (`?payment=success&session_id=…`): kept before the return notice clears the URL.
  const [params] = useSearchParams();
  const [returnedSession] = useState(() =>
    !admin && params.get(PAYMENT_RETURN_PARAM) === "success" ? params.get("session_id") : null,
  );
  const paidInvoice = usePaidInvoice(returnedSession);
  // A receipt's push opens `?search=<number>&invoice=<id>`: that invoice, highlighted.
  const linkedInvoice = admin ? null : params.get(LINKED_INVOICE_PARAM);
  useLastPageFallback(list.data?.pages, page, (last) => setFilters({ page: String(last) }));
  const title = i18n._(TITLES[role]);
  usePageTitle(t`${title} · SchoolRide`);
  const overdue = admin ? schoolList.data?.totals.overdue.count : parentList.data?.counts.overdue;
  const tabs = INVOICE_TABS.filter((name) => name !== "overdue" || (overdue ?? 0) > 0 || tab === "overdue");
  return (
    <div className="space-y-5">
      <PageHeader
        title={title}
        actions={
          admin ? (
            <>
              <SecondaryButton onClick={() => setDialog("settings")}>
                <Settings2 aria-hidden="true" className="h-4 w-4" />
                <Trans>Payment Settings</Trans>
              </SecondaryButton>
              <Button onClick={() => setDialog("create")}>
                <FilePlus2 aria-hidden="true" className="h-4 w-4" />
                <Trans>Create Invoice</Trans>
              </Button>
            </>
          ) : undefined
        }
      />
      {admin ? (
        <SettingsBanner />
      ) : (
        <>
          <PaymentReturnNotice />
          <PaidInvoiceNotice {...paidInvoice} />
        </>
      )}
      {admin && schoolList.data ? <TotalsCards totals={schoolList.data.totals} /> : null}
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
      <QueryState<SchoolInvoiceList | ParentInvoiceList>
        query={list}
        loading={t`Loading invoices…`}
        failed={t`Failed to load invoices.`}
      >
        {(data) => (
          <>
            <InvoiceTable
              rows={data.rows}
              current={paidInvoice.paid?.invoiceId ?? linkedInvoice ?? undefined}
              showRecipient={admin}
              actions={
                admin
                  ? (invoice) => (
                      <Suspense fallback={null}>
                        <CorrectionActions invoice={invoice} />
                      </Suspense>
                    )
                  : (invoice) =>
                      invoice.status === "pending" || invoice.status === "overdue" ? (
                        <PayInvoiceButton invoiceId={invoice.id} />
                      ) : null
              }
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
      {admin && dialog ? (
        <Suspense fallback={null}>
          {dialog === "settings" ? (
            <PaymentSettingsDialog open onOpenChange={(open) => setDialog(open ? "settings" : null)} />
          ) : (
            <CreateInvoiceDialog
              open
              onOpenChange={(open) => setDialog(open ? "create" : null)}
              zone={schoolList.data?.timeZone}
            />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}
