import { Badge, type Tone } from "../../../components/ui/badge.tsx";
import { SCHOOL_STATUS_FILTER_LABELS } from "../../../lib/labels.ts";

/** How the Schools Management screens show a school's id and status. */

/** A school id is shown as its first 8 characters and an ellipsis. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** A subscription status in words ("trialing" reads Trial); unknown values are shown raw. */
export function subscriptionLabel(status: string): string {
  return (SCHOOL_STATUS_FILTER_LABELS as Record<string, string>)[status] ?? status;
}

/** The colour of each text of the school status badge. */
const BADGE_TONES: Record<string, Tone> = {
  Active: "green",
  Trial: "blue",
  "No Admins": "amber",
  Incomplete: "amber",
  Pending: "violet",
  "Past Due": "red",
  Cancelled: "red",
  Inactive: "slate",
};

/** The school status badge (its text is computed by the server). */
export function SchoolStatusBadge({ badge }: { badge: string }) {
  return <Badge tone={BADGE_TONES[badge] ?? "slate"}>{badge}</Badge>;
}
