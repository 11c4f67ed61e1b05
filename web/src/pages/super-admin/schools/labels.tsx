import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import type { ADMIN_FILTERS, SCHOOL_STATUS_FILTERS } from "#shared/schools-constants.ts";
import { Badge, type Tone } from "../../../components/ui/badge.tsx";

/** How the super admin's screens show a school's id and status (a subscription's and a school type's words: lib/labels.ts). */

/** A school id is shown as its first 8 characters and an ellipsis. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** The schools list's status filter. */
export const SCHOOL_STATUS_FILTER_LABELS: Record<(typeof SCHOOL_STATUS_FILTERS)[number], MessageDescriptor> = {
  all: msg`All Statuses`,
  active: msg`Active`,
  trialing: msg`Trial`,
  pending: msg`Pending`,
  past_due: msg`Past Due`,
  cancelled: msg`Cancelled`,
  inactive: msg`Inactive`,
};

/** The schools list's administrators filter. */
export const ADMIN_FILTER_LABELS: Record<(typeof ADMIN_FILTERS)[number], MessageDescriptor> = {
  all: msg`All Schools`,
  has_admins: msg`Has Admins`,
  missing_admins: msg`Missing Admins`,
};

/** The school status badge's texts (computed by the server, in English): their colour and words. */
const BADGES: Record<string, { tone: Tone; label: MessageDescriptor }> = {
  Active: { tone: "green", label: msg`Active` },
  Trial: { tone: "blue", label: msg`Trial` },
  "No Admins": { tone: "amber", label: msg`No Admins` },
  Incomplete: { tone: "amber", label: msg`Incomplete` },
  Pending: { tone: "violet", label: msg`Pending` },
  "Past Due": { tone: "red", label: msg`Past Due` },
  Cancelled: { tone: "red", label: msg`Cancelled` },
  Inactive: { tone: "slate", label: msg`Inactive` },
};

/** The school status badge (its text is computed by the server; unknown texts are shown as sent). */
export function SchoolStatusBadge({ badge }: { badge: string }) {
  const { i18n } = useLingui();
  const known = BADGES[badge];
  return <Badge tone={known?.tone ?? "slate"}>{known ? i18n._(known.label) : badge}</Badge>;
}
