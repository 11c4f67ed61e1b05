import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../../components/ui/buttons.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import { useSuggestedOrder } from "../../../features/routes/hooks.ts";
import { formatNumber } from "../../../features/trips/zoned-format.ts";

/** "12.3 km" in the reader's language. */
const km = (meters: number) =>
  formatNumber(meters / 1000, { style: "unit", unit: "kilometer", unitDisplay: "short", maximumFractionDigits: 1 });

/**
 * "Optimise stop order": the server's shorter order of the saved stops with the distance before and
 * after. Nothing changes until Apply, which reorders the list (the times stay in their places, to
 * be checked) for the admin to save.
 */
export default function OptimiseOrderDialog({
  open,
  onOpenChange,
  routeId,
  onApply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  routeId: string;
  onApply: (stopIds: string[]) => void;
}) {
  const { t } = useLingui();
  const suggestion = useSuggestedOrder(routeId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Optimise stop order`}>
      <QueryState query={suggestion} loading={t`Finding a shorter order…`} failed={t`No order could be suggested.`}>
        {(data) => (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-lg border border-slate-200 p-3">
                <dt className="text-sm text-slate-600">
                  <Trans>Now</Trans>
                </dt>
                <dd className="text-lg font-semibold text-ink">{km(data.beforeMeters)}</dd>
              </div>
              <div className="rounded-lg border border-slate-200 p-3">
                <dt className="text-sm text-slate-600">
                  <Trans>Suggested</Trans>
                </dt>
                <dd className="text-lg font-semibold text-ink">{km(data.afterMeters)}</dd>
              </div>
            </dl>
            <p className="text-sm text-slate-600">
              {data.distanceSource === "road" ? t`Road distances.` : t`Straight-line distances between the stops.`}{" "}
              {data.stops.length > 1
                ? t`The first stop stays first; on a pickup route the last stop stays last.`
                : t`The first stop stays first.`}
            </p>
            {data.changed ? (
              <>
                <ol aria-label={t`Suggested order`} className="list-decimal space-y-1 ps-6 text-sm text-slate-800">
                  {data.stops.map((stop) => (
                    <li key={stop.id} className="wrap-anywhere">
                      {stop.name}
                    </li>
                  ))}
                </ol>
                <p className="text-sm text-slate-600">
                  <Trans>Applying reorders the list; each position keeps its time. Check the times, then save.</Trans>
                </p>
              </>
            ) : (
              <p className="text-sm font-medium text-ink">
                <Trans>The stops are already in the shortest order found.</Trans>
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                onClick={() => onOpenChange(false)}
                className="min-h-11 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                {data.changed ? t`Keep the current order` : t`Close`}
              </button>
              {data.changed ? (
                <Button
                  className="min-h-11"
                  onClick={() => {
                    onApply(data.stops.map((stop) => stop.id));
                    onOpenChange(false);
                  }}
                >
                  <Trans>Apply this order</Trans>
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
