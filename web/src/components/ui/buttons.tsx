import type { ButtonHTMLAttributes } from "react";

/** A square icon-only button; `label` is its accessible name and its tooltip. */
export function IconButton({
  label,
  tone = "default",
  className = "",
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> & { label: string; tone?: "default" | "danger" }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`${iconButtonClass(tone)} ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}

export function iconButtonClass(tone: "default" | "danger" = "default"): string {
  const colours =
    tone === "danger" ? "text-red-700 hover:bg-red-50" : "text-slate-600 hover:bg-slate-100 hover:text-ink";
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

/** The primary (brand) button. */
export function Button({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      className={`inline-flex items-center justify-center gap-2 rounded-md bg-brand-500 px-4 py-2 font-semibold text-ink shadow-sm hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...props}
    />
  );
}
