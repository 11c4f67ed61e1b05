import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { DebouncedInput } from "../../components/ui/filters.tsx";
import { useParentAccounts } from "./hooks.ts";

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";

/**
 * One of the school's active parents, shown as "name (e-mail)": a search that asks the server when
 * typing pauses (one query, not one per keystroke), then a select bound to the form's `field`.
 */
export function ActiveParentPicker({
  label,
  field,
  error,
  after,
}: {
  label: string;
  field: UseFormRegisterReturn;
  error?: string | undefined;
  after?: ReactNode;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState("");
  const parents = useParentAccounts({ page: 1, search: search || undefined });
  const id = useId();
  const active = parents.data?.rows.filter((parent) => parent.isActive) ?? [];
  return (
    <div className="space-y-2">
      <DebouncedInput
        label={t`Find a parent`}
        placeholder={t`Name or e-mail`}
        value={search}
        maxLength={120}
        onCommit={setSearch}
      />
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <select
          id={id}
          className={selectClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...field}
        >
          <option value="">{t`Choose a parent…`}</option>
          {active.map(({ id: parentId, name, email }) => (
            <option key={parentId} value={parentId}>
              {t`${name} (${email})`}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {after}
      </div>
    </div>
  );
}
