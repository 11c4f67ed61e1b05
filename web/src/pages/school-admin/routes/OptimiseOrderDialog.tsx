import { Button } from "../../../components/ui/buttons.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import { useSuggestedOrder } from "../../../features/routes/hooks.ts";

const km = (meters: number) => `${(meters / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} km`;

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
  const suggestion = useSuggestedOrder(routeId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Optimise stop order">
      <QueryState query={suggestion} loading="Finding a shorter order…" failed="No order could be suggested.">
        {(data) => (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-lg border border-slate-200 p-3">
                <dt className="text-sm text-slate-600">Now</dt>
                <dd className="text-lg font-semibold text-ink">{km(data.beforeMeters)}</dd>
              </div>
              <div className="rounded-lg border border-slate-200 p-3">
                <dt className="text-sm text-slate-600">Suggested</dt>
                <dd className="text-lg font-semibold text-ink">{km(data.afterMeters)}</dd>
              </div>
            </dl>
            <p className="text-sm text-slate-600">
              {data.distanceSource === "road" ? "Road distances." : "Straight-line distances between the stops."} The
              first stop stays first{data.stops.length > 1 ? "; on a pickup route the last stop stays last" : ""}.
            </p>
            {data.changed ? (
              <>
                <ol aria-label="Suggested order" className="list-decimal space-y-1 pl-6 text-sm text-slate-800">
                  {data.stops.map((stop) => (
                    <li key={stop.id} className="wrap-anywhere">
                      {stop.name}
                    </li>
                  ))}
                </ol>
                <p className="text-sm text-slate-600">
                  Applying reorders the list; each position keeps its time. Check the times, then save.
                </p>
              </>
            ) : (
              <p className="text-sm font-medium text-ink">The stops are already in the shortest order found.</p>
            )}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                onClick={() => onOpenChange(false)}
                className="min-h-11 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                {data.changed ? "Keep the current order" : "Close"}
              </button>
              {data.changed ? (
                <Button
                  className="min-h-11"
                  onClick={() => {
                    onApply(data.stops.map((stop) => stop.id));
                    onOpenChange(false);
                  }}
                >
                  Apply this order
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
