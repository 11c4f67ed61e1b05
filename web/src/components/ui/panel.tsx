import { type ReactNode, useId } from "react";
import { Link } from "react-router";

/** A dashboard card: a titled region with an optional link (thumb-sized: 44 px tall) beside its heading. */
export function Panel({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id={id} className="font-semibold text-ink">
          {title}
        </h2>
        {link ? (
          <Link
            to={link.to}
            className="inline-flex min-h-11 items-center px-2 text-sm font-medium text-brand-700 hover:underline"
          >
            {link.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
