import type { ButtonHTMLAttributes } from "react";
import { Badge, type Tone } from "../../../components/ui/badge.tsx";
import { SCHOOL_STATUS_FILTER_LABELS } from "../../../lib/labels.ts";

/** Small pieces shared by the Schools Management screens. */

/** Spec §9: a school id is shown as its first 8 characters and an ellipsis. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** A subscription status in words ("trialing" reads Trial); unknown values are shown raw. */
export function subscriptionLabel(status: string): string {
  return (SCHOOL_STATUS_FILTER_LABELS as Record<string, string>)[status] ?? status;
}

/** The colour of each text of the spec §4 school status badge. */
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

/** The school status badge (its text is computed by the server, spec §4). */
export function SchoolStatusBadge({ badge }: { badge: string }) {
  return <Badge tone={BADGE_TONES[badge] ?? "slate"}>{badge}</Badge>;
}

/** A square icon-only button; `label` is its accessible name and its tooltip. */
export function IconButton({
  label,
  tone = "default",
  className = "",
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> & { label: string; tone?: "default" | "danger" }) {
  return (
    <button type="button" aria-label={label} title={label} className={`${iconButtonClass(tone)} ${className}`} {...props}>
      {children}
    </button>
  );
}

export function iconButtonClass(tone: "default" | "danger" = "default"): string {
  const colours = tone === "danger" ? "text-red-700 hover:bg-red-50" : "text-slate-600 hover:bg-slate-100 hover:text-ink";
  return `inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md ${colours} disabled:cursor-not-allowed disabled:opacity-50`;
}

/** An outlined secondary button. */
export function SecondaryButton({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...props}
    />
  );
}

/** Table cells here are narrower than the shared ones in `components/ui/table.ts`: the schools table has more columns. */
export const thClass = "px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
export const tdClass = "px-3 py-3 align-top text-sm text-slate-700";
