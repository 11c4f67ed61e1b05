import type { ReactNode } from "react";

export type Tone = "green" | "amber" | "slate" | "red" | "blue" | "violet";

const TONES: Record<Tone, string> = {
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-900",
  slate: "bg-slate-200 text-slate-800",
  red: "bg-red-100 text-red-800",
  blue: "bg-sky-100 text-sky-900",
  violet: "bg-violet-100 text-violet-900",
};

/** A small rounded status or role label. */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
