import type { ButtonHTMLAttributes } from "react";

type Variant = "secondary" | "danger" | "success";

const VARIANTS: Record<Variant, string> = {
  secondary: "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
  danger: "border-red-300 bg-white text-red-700 hover:bg-red-50",
  success: "border-green-700 bg-green-700 text-white hover:bg-green-800",
};

/** A compact button for row actions. */
export function ActionButton({
  variant = "secondary",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
