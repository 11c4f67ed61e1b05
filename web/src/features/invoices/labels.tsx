import { FEE_APPLICATION_LABELS, type InvoiceTab } from "#shared/invoice-texts.ts";
import { Badge, type Tone } from "../../components/ui/badge.tsx";

type InvoiceStatus = "pending" | "paid" | "overdue" | "refunded";

const STATUS: Record<InvoiceStatus, { label: string; tone: Tone }> = {
  pending: { label: "Pending", tone: "amber" },
  paid: { label: "Paid", tone: "green" },
  overdue: { label: "Overdue", tone: "red" },
  refunded: { label: "Refunded", tone: "slate" },
};

export const INVOICE_TAB_LABELS: Record<InvoiceTab, string> = { all: "All Invoices", pending: "Pending", paid: "Paid", overdue: "Overdue" };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

/** "Fee: 5% added on top (term-based)" or "Fee: 5%, not added: totals stay at the base amount (year-round)". */
export function feeRuleText(rule: { feePercentage: number; feeApplicationType: keyof typeof FEE_APPLICATION_LABELS }): string {
  const kind = FEE_APPLICATION_LABELS[rule.feeApplicationType];
  return rule.feeApplicationType === "term_based"
    ? `Fee: ${rule.feePercentage}% added on top (${kind})`
    : `Fee: ${rule.feePercentage}%, not added: totals stay at the base amount (${kind})`;
}
