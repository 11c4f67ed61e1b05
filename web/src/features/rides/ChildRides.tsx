import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Bus, CalendarX, MapPin, Undo2 } from "lucide-react";
import { useState } from "react";
import { NO_TRANSPORT_MESSAGE } from "#shared/child-rides-texts.ts";
import { StopPreviewMap } from "../../components/map/StopMap.tsx";
import { SecondaryButton } from "../../components/ui/buttons.tsx";
import { formatIsoDay } from "../../components/ui/format.ts";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { sharedText } from "../../i18n/shared-texts.ts";
import { type ChildRide, clockTime, useClearNotRiding } from "./hooks.ts";

const NotRidingDialog = lazyDialog(async () => (await import("./NotRidingDialog.tsx")).default);

const DIRECTION_LABELS = { pickup: msg`Pickup`, dropoff: msg`Drop-off` } as const;

type Props = {
  child: { id: string; name: string };
  rides: readonly ChildRide[];
  /** The days from today the child is marked not riding (YYYY-MM-DD). */
  notRiding: readonly string[];
  /** Today at the school (YYYY-MM-DD). */
  today: string;
};

/**
 * A child's rides as the school assigned them (read-only for the parent): the pickup and drop-off
 * stops with their times and bus, a small map of the pickup stop (loaded lazily), the days marked
 * not riding with Undo, and "Not riding" for today, tomorrow or a range. Without an assignment,
 * the "not yet assigned" text.
 */
export function ChildRides({ child, rides, notRiding, today }: Props) {
  const [open, setOpen] = useState(false);
  const clear = useClearNotRiding();
  const { i18n, t } = useLingui();
  const name = child.name;
  if (rides.length === 0) return <p className="mt-2 text-sm text-amber-900">{sharedText(NO_TRANSPORT_MESSAGE)}</p>;
  // The morning first: pickup, then drop-off.
  const ordered = rides.toSorted((a, b) => (a.direction === b.direction ? 0 : a.direction === "pickup" ? -1 : 1));
  const pickup = ordered[0]!;
  return (
    <div className="mt-3 space-y-3 text-sm">
      <dl className="space-y-2" aria-label={t`${name}'s stops`}>
        {ordered.map((ride) => {
          const busNumber = ride.bus?.number;
          const bus = busNumber ? t`Bus ${busNumber}` : null;
          return (
            <div key={ride.riderId}>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {i18n._(DIRECTION_LABELS[ride.direction])}
              </dt>
              <dd className="min-w-0 text-slate-800">
                <span className="flex items-start gap-1 font-medium text-ink">
                  <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                  {ride.stop.name}
                </span>
                <span className="flex items-start gap-1 text-slate-600">
                  <Bus aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                  {clockTime(ride.stop.time)}
                  {bus ? ` · ${bus}` : ""} · {ride.route.name}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
      <StopPreviewMap
        stop={{ name: pickup.stop.name, lat: pickup.stop.latitude, lng: pickup.stop.longitude }}
        className="h-32"
      />
      {notRiding.length > 0 ? (
        <ul className="space-y-1" aria-label={t`Days ${name} is not riding`}>
          {notRiding.map((date) => {
            const day = formatIsoDay(date);
            return (
              <li key={date} className="flex items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-1">
                <span className="flex min-w-0 items-center gap-2 text-amber-900">
                  <CalendarX aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {date === today ? <Trans>Not riding today</Trans> : <Trans>Not riding {day}</Trans>}
                </span>
                <button
                  type="button"
                  className="inline-flex min-h-11 shrink-0 items-center gap-1 px-2 font-medium whitespace-nowrap text-brand-800 underline hover:text-brand-900 disabled:opacity-60"
                  aria-label={t`Undo: ${name} rides on ${day}`}
                  disabled={clear.isPending}
                  onClick={() => clear.mutate({ childId: child.id, from: date })}
                >
                  <Undo2 aria-hidden="true" className="h-4 w-4" />
                  <Trans>Undo</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <SecondaryButton
        className="min-h-11 w-full sm:w-auto"
        aria-label={t`Not riding… ${name}`}
        onClick={() => setOpen(true)}
      >
        <CalendarX aria-hidden="true" className="h-4 w-4" />
        <Trans>Not riding…</Trans>
      </SecondaryButton>
      <NotRidingDialog open={open} onOpenChange={setOpen} child={child} today={today} />
    </div>
  );
}
