import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from "react";
import type { z } from "zod";

// The primary button lives with the other buttons: a page with a button and no form loads no form code.
export { Button } from "./buttons.tsx";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: ReactNode };

/** A labelled input with its error and hint wired for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField({ label, error, hint, id, className, ...props }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-500"
        {...props}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});

/** A form-level message, announced when it appears. */
export function FormAlert({ kind = "error", children }: { kind?: "error" | "success"; children: ReactNode }) {
  const styles = kind === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800";
  return (
    <div role="alert" className={`rounded-md border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}

type Node = { maxLength?: number | null; _zod: { def: { innerType?: Node; in?: Node } } };

/**
 * The most characters a form's text field takes, read from its shared schema, so the input's
 * `maxLength` and the rule the server applies are one number (through optional, nullable, default
 * and pipe wrappers).
 */
export function maxLengthOf(field: z.ZodType): number | undefined {
  let node: Node | undefined = field as unknown as Node;
  while (node) {
    if (typeof node.maxLength === "number") return node.maxLength;
    node = node._zod.def.innerType ?? node._zod.def.in;
  }
  return undefined;
}
