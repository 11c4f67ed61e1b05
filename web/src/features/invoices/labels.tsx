import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import {
  FEE_APPLICATION_LABELS,
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  type InvoiceTab,
} from "#shared/invoice-texts.ts";
import { Badge, type Tone } from "../../components/ui/badge.tsx";
import { sharedText } from "../../i18n/shared-texts.ts";

const TONES: Record<InvoiceStatus, Tone> = {
  pending: "amber",
  paid: "green",
  overdue: "red",
  refunded: "slate",
  void: "slate",
};

export const INVOICE_TAB_LABELS: Record<InvoiceTab, MessageDescriptor> = {
  all: msg`All Invoices`,
  pending: msg`Pending`,
  paid: msg`Paid`,
  overdue: msg`Overdue`,
};

/** The tabs' labels in the reader's language. */
export function useInvoiceTabLabels(): Record<InvoiceTab, string> {
  const { i18n } = useLingui();
  return {
    all: i18n._(INVOICE_TAB_LABELS.all),
    pending: i18n._(INVOICE_TAB_LABELS.pending),
    paid: i18n._(INVOICE_TAB_LABELS.paid),
    overdue: i18n._(INVOICE_TAB_LABELS.overdue),
  };
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={TONES[status]}>{sharedText(INVOICE_STATUS_LABELS[status])}</Badge>;
}

/** "Fee: 5% added on top (term-based)" or "Fee: 5%, not added: totals stay at the base amount (year-round)". */
export function feeRuleText(rule: {
  feePercentage: number;
  feeApplicationType: keyof typeof FEE_APPLICATION_LABELS;
}): string {
  const kind = sharedText(FEE_APPLICATION_LABELS[rule.feeApplicationType]);
  const percentage = rule.feePercentage;
  return rule.feeApplicationType === "term_based"
    ? i18n._(msg`Fee: ${percentage}% added on top (${kind})`)
    : i18n._(msg`Fee: ${percentage}%, not added: totals stay at the base amount (${kind})`);
}
