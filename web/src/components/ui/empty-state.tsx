import type { ReactNode } from "react";

/** An empty list: a title, an optional explanation and an optional action; `spacious` adds vertical room. */
export function EmptyState({ title, children, action, spacious = false }: { title: string; children?: ReactNode; action?: ReactNode; spacious?: boolean }) {
  return (
    <div className={`rounded-lg border border-dashed border-slate-300 bg-white px-4 ${spacious ? "py-12" : "py-10"} text-center`}>
      <p className="font-semibold text-ink">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
