import type { ReactNode } from "react";
import { container } from "./ui.ts";

/**
 * A section of a public page: an eyebrow, the section's h2 (`headingId` labels the section), an
 * optional lead, then `children`. `band` sets it on a slate-50 band across the page.
 */
export function SiteSection({
  headingId,
  eyebrow,
  title,
  text,
  band = false,
  id,
  className = "",
  children,
}: {
  headingId: string;
  eyebrow: string;
  title: string;
  text?: string;
  band?: boolean;
  /** The section's own id, for links to it (e.g. "#pricing"). */
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={`${band ? "bg-slate-50 " : ""}py-20 ${className}`}>
      <div className={container}>
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {title}
          </h2>
          {text ? <p className="mt-4 text-lg text-slate-700">{text}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
