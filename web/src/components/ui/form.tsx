import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import type { z } from "zod";
import { sharedText } from "../../i18n/shared-texts.ts";

// The primary button lives with the other buttons: a page with a button and no form loads no form code.
export { Button } from "./buttons.tsx";

type Labelled = { label: string; error?: string | undefined; hint?: ReactNode };
type FieldProps = InputHTMLAttributes<HTMLInputElement> & Labelled;
type Control = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** A control's label above it, its hint and error below, and the ids that tie them to it for assistive technology. */
function Field({
  label,
  error,
  hint,
  id,
  className,
  control,
}: Labelled & { id: string | undefined; className: string | undefined; control: (wiring: Control) => ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({ id: inputId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {sharedText(error)}
        </p>
      ) : null}
    </div>
  );
}

const controlClass =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-500";

/** The props a `Field` takes, and the rest for its control. */
function split<P extends Labelled & { id?: string | undefined; className?: string | undefined }>({
  label,
  error,
  hint,
  id,
  className,
  ...control
}: P) {
  return [{ label, error, hint, id, className }, control] as const;
}

/** A labelled input with its error and hint wired for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(props, ref) {
  const [field, rest] = split(props);
  return (
    <Field
      {...field}
      control={(wiring) => <input ref={ref} {...wiring} className={`min-h-11 ${controlClass}`} {...rest} />}
    />
  );
});

/** A labelled multi-line input, wired as `TextField`. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled>(
  function TextAreaField(props, ref) {
    const [field, { rows = 4, ...rest }] = split(props);
    return (
      <Field
        {...field}
        control={(wiring) => (
          <textarea ref={ref} rows={rows} {...wiring} className={`break-words ${controlClass}`} {...rest} />
        )}
      />
    );
  },
);

/**
 * A labelled select of an enum's values, each shown by its label (a route's direction, a trip's
 * status, a notification's type), wired as `TextField`.
 */
export function EnumSelectField<V extends string>(
  props: SelectHTMLAttributes<HTMLSelectElement> &
    Labelled & { values: readonly V[]; labels: Readonly<Record<V, string>>; ref?: Ref<HTMLSelectElement> },
) {
  const [field, { values, labels, ...rest }] = split(props);
  return (
    <Field
      {...field}
      control={(wiring) => (
        <select
          {...wiring}
          className={`min-h-11 bg-white disabled:bg-slate-100 disabled:text-slate-600 ${controlClass}`}
          {...rest}
        >
          {values.map((value) => (
            <option key={value} value={value}>
              {sharedText(labels[value])}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A form-level message, announced when it appears. */
export function FormAlert({ kind = "error", children }: { kind?: "error" | "success"; children: ReactNode }) {
  const styles =
    kind === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800";
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
