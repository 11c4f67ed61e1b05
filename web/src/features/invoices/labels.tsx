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

export const INVOICE_TAB_LABELS: Record<InvoiceTab, string> = {
  all: "All Invoices",
  pending: "Pending",
  paid: "Paid",
  overdue: "Overdue",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={TONES[status]}>{sharedText(INVOICE_STATUS_LABELS[status])}</Badge>;
}

/** "Fee: 5% added on top (term-based)" or "Fee: 5%, not added: totals stay at the base amount (year-round)". */
export function feeRuleText(rule: {
  feePercentage: number;
  feeApplicationType: keyof typeof FEE_APPLICATION_LABELS;
}): string {
  const kind = FEE_APPLICATION_LABELS[rule.feeApplicationType];
  return rule.feeApplicationType === "term_based"
    ? `Fee: ${rule.feePercentage}% added on top (${kind})`
    : `Fee: ${rule.feePercentage}%, not added: totals stay at the base amount (${kind})`;
}
