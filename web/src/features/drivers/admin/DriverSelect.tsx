import { Trans, useLingui } from "@lingui/react/macro";
import { type ChangeEvent, useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { type DriverRow, useDrivers } from "./hooks.ts";

const selectClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";

/**
 * The driver of a route or a trip (ADR 0057): one of the school's active drivers (the one already
 * assigned stays listed even if deactivated), or none, when only a typed name is kept. Choosing a
 * driver hands their account back (`onChosen`), so the form shows the name the server will store.
 */
export function DriverSelect({
  field,
  current,
  error,
  onChosen,
}: {
  field: UseFormRegisterReturn;
  current: string | null;
  error?: string | undefined;
  onChosen: (driver: DriverRow | null) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const drivers = useDrivers();
  const options = (drivers.data?.drivers ?? []).filter((driver) => driver.isActive || driver.id === current);
  const deactivated = (name: string) => t`${name} (deactivated)`;
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    void field.onChange(event);
    onChosen(options.find((driver) => driver.id === event.target.value) ?? null);
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        <Trans>Driver</Trans>
      </label>
      <select
        id={id}
        className={selectClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field}
        onChange={onChange}
      >
        <option value="">{t`No driver account`}</option>
        {options.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.isActive ? driver.name : deactivated(driver.name)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
