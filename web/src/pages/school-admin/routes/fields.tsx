import { useLingui } from "@lingui/react/macro";
import { weekdayName } from "../../../features/trips/zoned-format.ts";

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const selectClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";

/** The weekday checkboxes of a route or a rider (0 = Sunday), as numbers. */
export function WeekdayPicker({
  value,
  onChange,
  error,
  legend,
}: {
  value: readonly number[];
  onChange: (days: number[]) => void;
  error?: string | undefined;
  legend?: string;
}) {
  const { t } = useLingui();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend ?? t`Runs on`}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {DAYS.map((day) => (
          <label
            key={day}
            className="inline-flex min-h-10 items-center gap-1 rounded-md border border-slate-300 px-2 text-sm"
          >
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(day)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, day].sort() : value.filter((chosen) => chosen !== day))
              }
            />
            <span aria-hidden="true">{weekdayName(day, "short")}</span>
            <span className="sr-only">{weekdayName(day, "long")}</span>
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
