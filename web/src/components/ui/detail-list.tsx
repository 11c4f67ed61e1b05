import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

/** A dash for an empty value, with a screen-reader word. */
export function Dash() {
  return (
    <>
      <span aria-hidden="true" className="text-slate-400">
        —
      </span>
      <span className="sr-only">
        <Trans>None</Trans>
      </span>
    </>
  );
}

/** Label/value pairs (details modals and narrow-screen cards). */
export function DetailList({
  items,
  className = "",
}: {
  items: { label: string; value: ReactNode }[];
  className?: string;
}) {
  return (
    <dl
      className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] ${className}`}
    >
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-medium text-slate-500">{item.label}</dt>
          <dd className="min-w-0 text-slate-800 wrap-anywhere">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
