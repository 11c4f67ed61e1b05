import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { FilePlus2, Settings2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { bpsToPercent } from "#shared/fees.ts";
import { Button, SecondaryButton } from "../../components/ui/buttons.tsx";
import { StatCard } from "../../components/ui/states.tsx";
import { type SchoolInvoiceList, useSchoolInvoices } from "../../features/invoices/hooks.ts";
import { feeRuleText } from "../../features/invoices/labels.tsx";
import { usePaymentSettings } from "../../features/payment-settings/hooks.ts";
import { useMoney } from "../../lib/school-zone.ts";
import { InvoicesScreen, useInvoiceFilters } from "./InvoicesScreen.tsx";

const PaymentSettingsDialog = lazy(() => import("./PaymentSettingsDialog.tsx"));
/** A row's Manage menu: loaded with the list, not in the page's initial code. */
const CorrectionActions = lazy(() => import("./CorrectionActions.tsx"));
const CreateInvoiceDialog = lazy(() => import("./CreateInvoiceDialog.tsx"));

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

function TotalsCards({ totals }: { totals: SchoolInvoiceList["totals"] }) {
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
 * The school admin's "Invoices & Payments" (spec): Payment Settings and Create Invoice, the settings
 * banner, the totals cards, the recipient column and each row's Manage menu.
 */
export default function SchoolInvoicesPage() {
  const { t } = useLingui();
  const filters = useInvoiceFilters();
  const list = useSchoolInvoices(filters.input);
  const [dialog, setDialog] = useState<"settings" | "create" | null>(null);
  return (
    <>
      <InvoicesScreen
        title={t`Invoices & Payments`}
        actions={
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
        }
        notices={
          <>
            <SettingsBanner />
            {list.data ? <TotalsCards totals={list.data.totals} /> : null}
          </>
        }
        filters={filters}
        list={list}
        overdue={list.data?.totals.overdue.count}
        showRecipient
        rowActions={(invoice) => (
          <Suspense fallback={null}>
            <CorrectionActions invoice={invoice} />
          </Suspense>
        )}
      />
      {dialog ? (
        <Suspense fallback={null}>
          {dialog === "settings" ? (
            <PaymentSettingsDialog open onOpenChange={(open) => setDialog(open ? "settings" : null)} />
          ) : (
            <CreateInvoiceDialog
              open
              onOpenChange={(open) => setDialog(open ? "create" : null)}
              zone={list.data?.timeZone}
            />
          )}
        </Suspense>
      ) : null}
    </>
  );
}
