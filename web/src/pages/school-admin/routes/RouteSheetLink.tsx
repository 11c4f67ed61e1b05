import { Trans, useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { DEFAULT_TIME_ZONE, todayIn } from "#shared/school-time.ts";
import { shortDay } from "../../../features/trips/zoned-format.ts";
import { useSchoolZone } from "../../../lib/school-zone.ts";

/**
 * The driver's route sheet for a day (ADR 0052): a PDF the Worker makes for the school's admins,
 * for the day chosen here (the school's today to start with, in its zone, not the browser's).
 */
export function RouteSheetLink({ routeId, routeName }: { routeId: string; routeName: string }) {
  const { t } = useLingui();
  const zone = useSchoolZone();
  const [date, setDate] = useState(() => todayIn(zone ?? DEFAULT_TIME_ZONE, new Date()));
  const id = useId();
  const day = date ? shortDay(date) : "";
  const href = `/api/routes/${encodeURIComponent(routeId)}/sheet.pdf?date=${encodeURIComponent(date)}`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          <Trans>Route sheet for</Trans>
        </label>
        <input
          id={id}
          type="date"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
          className="min-h-10 rounded-md border border-slate-300 px-3 text-sm"
        />
      </div>
      {date ? (
        <a
          href={href}
          download
          aria-label={t`Download the route sheet of ${routeName} for ${day}`}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          <Trans>Route sheet (PDF)</Trans>
        </a>
      ) : null}
    </div>
  );
}
