import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const TONES = {
  brand: "bg-brand-100 text-brand-700",
  red: "bg-red-100 text-red-700",
  green: "bg-green-100 text-green-700",
} as const;

/** The centred card of the sign-in, password and invitation pages: icon, one h1, optional subtitle. */
export function AuthCard({
  icon: Icon,
  tone = "brand",
  title,
  subtitle,
  wide = false,
  children,
}: {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  title: ReactNode;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${wide ? "max-w-xl" : "max-w-md"} px-4 py-12 sm:py-16`}>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 text-center">
          <span className={`mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full ${TONES[tone]}`}>
            <Icon aria-hidden="true" className="h-6 w-6" />
          </span>
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          {subtitle ? <div className="mt-1 text-sm text-slate-600">{subtitle}</div> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
