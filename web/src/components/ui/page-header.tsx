import type { ReactNode } from "react";

/** The page's single h1 with an optional subtitle and header actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      {/* overflow-wrap is inherited: the title and subtitle wrap anywhere rather than widen the page. */}
      <div className="min-w-0 wrap-anywhere">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * A titled part of a page: a `<section>` labelled by its h2, with something beside the title (a
 * count, a filter). `align` lines that up with the title's baseline or with its bottom edge.
 */
export function PageSection({
  id,
  title,
  aside,
  align = "baseline",
  className = "",
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  align?: "baseline" | "end";
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className={`mb-3 flex ${align === "end" ? "flex-wrap items-end" : "items-baseline"} justify-between gap-3`}>
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
