import type { ReactNode } from "react";
import { container } from "./ui.ts";

const SIZES = {
  large: { pad: "py-16 sm:py-20", title: "text-4xl sm:text-5xl", lead: "mt-6 leading-relaxed" },
  compact: { pad: "py-10 sm:py-14", title: "text-3xl sm:text-4xl", lead: "mt-4" },
} as const;

/** The tinted band at the top of a public page: eyebrow, the page's h1, a lead and optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  size = "large",
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  size?: keyof typeof SIZES;
  children?: ReactNode;
}) {
  const look = SIZES[size];
  return (
    <section className="border-b border-slate-200 bg-brand-50">
      <div className={`${container} ${look.pad}`}>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        <h1 className={`mt-2 ${look.title} font-bold tracking-tight text-ink`}>{title}</h1>
        <p className={`${look.lead} max-w-2xl text-lg text-slate-700`}>{lead}</p>
        {children}
      </div>
    </section>
  );
}
