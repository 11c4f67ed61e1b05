import { Trans } from "@lingui/react/macro";
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { MESSAGE_ID } from "./wizard.ts";

const control =
  "mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-500/40";

type Common = {
  label: string;
  /** Marked invalid; the reason is the wizard's message above the form, which the field points to. */
  invalid?: boolean;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
};

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {label}
      {optional ? (
        <span className="font-normal text-slate-500">
          {" "}
          <Trans>(optional)</Trans>
        </span>
      ) : null}
    </label>
  );
}

function describedBy(id: string, invalid: boolean | undefined, hint: ReactNode) {
  return [invalid ? MESSAGE_ID : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
      {hint}
    </p>
  ) : null;
}

type InputProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, "className">;

/** A labelled input of the registration form. */
export const InputField = forwardRef<HTMLInputElement, InputProps>(function InputField(
  { label, invalid, hint, optional, className, id, ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={className}>
      <Label htmlFor={inputId} label={label} optional={optional} />
      <input
        ref={ref}
        id={inputId}
        aria-required={optional ? undefined : true}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy(inputId, invalid, hint)}
        className={control}
        {...props}
      />
      <Hint id={inputId} hint={hint} />
    </div>
  );
});

type SelectProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "className"> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  };

/** A labelled select of the registration form. */
export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, invalid, hint, optional, className, id, options, placeholder, ...props },
  ref,
) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className}>
      <Label htmlFor={selectId} label={label} optional={optional} />
      <select
        ref={ref}
        id={selectId}
        aria-required={optional ? undefined : true}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy(selectId, invalid, hint)}
        className={control}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={selectId} hint={hint} />
    </div>
  );
});
