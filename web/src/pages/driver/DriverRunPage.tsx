import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { AlertTriangle, ArrowLeft, Check, CloudOff, HeartPulse, MapPin, MapPinOff, Navigation, X } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import type { AttendanceStatus } from "#shared/live-constants.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/states.tsx";
import { type DriverRunDetail, useDriverRun } from "../../features/drivers/driver/hooks.ts";
import {
  type DriverLiveView,
  type GeoState,
  type Tap,
  useDriverBuses,
  useDriverLiveRun,
  useEndRun,
  useStartRun,
  type WakeState,
} from "../../features/drivers/driver/live.ts";
import { emptyStopNote, onBoardCount } from "../../features/drivers/driver/stop-note.ts";
import { TripStatusBadge } from "../../features/trips/labels.tsx";
import { formatNumber, wallTime, zonedTime } from "../../features/trips/zoned-format.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import { useSchoolZone } from "../../lib/school-zone.ts";
import { notify } from "../../lib/toast.ts";

// End run's confirmation: the dialog's code loads when it first opens, not with the run.
const ConfirmDialog = lazyDialog(async () => (await import("../../components/ui/dialog.tsx")).ConfirmDialog);

type Run = DriverRunDetail["run"];
type Stop = DriverRunDetail["stops"][number];
type Visit = { arrivedAt: string | null; departedAt: string | null };
type Live = ReturnType<typeof useDriverLiveRun>;

const TAP_LABELS: Record<AttendanceStatus, MessageDescriptor> = {
  boarded: msg`Boarded`,
  absent: msg`Absent`,
  dropped: msg`Dropped`,
};
const TAP_CHOICES: Record<Run["routeType"], AttendanceStatus[]> = {
  pickup: ["boarded", "absent"],
  dropoff: ["dropped"],
};

/** Boarded / Absent / Dropped for one child: large, the recorded one pressed; tapping another records it. */
function TapButtons({
  rider,
  stop,
  choices,
  tap,
  onTap,
}: {
  rider: Stop["riders"][number];
  stop: Stop;
  choices: AttendanceStatus[];
  tap: Tap | undefined;
  onTap: (status: AttendanceStatus) => void;
}) {
  const { i18n } = useLinguiContext();
  const { name: riderName } = rider;
  const { name: stopName } = stop;
  return (
    <fieldset className="mt-3 flex gap-2">
      <legend className="sr-only">
        <Trans>
          {riderName} at {stopName}
        </Trans>
      </legend>
      {choices.map((status) => {
        // On a pickup, a child the engine dropped at the school on arrival there boarded first.
        const pressed = tap?.status === status || (status === "boarded" && tap?.status === "dropped");
        const colours = pressed
          ? status === "absent"
            ? "border-slate-700 bg-slate-700 text-white"
            : "border-emerald-700 bg-emerald-700 text-white"
          : "border-slate-300 bg-white text-ink hover:bg-slate-50";
        return (
          <button
            key={status}
            type="button"
            aria-pressed={pressed}
            onClick={() => onTap(status)}
            className={`inline-flex min-h-14 flex-1 items-center justify-center gap-2 rounded-xl border-2 px-3 text-lg font-semibold ${colours}`}
          >
            {pressed ? (
              status === "absent" ? (
                <X aria-hidden="true" className="h-5 w-5" />
              ) : (
                <Check aria-hidden="true" className="h-5 w-5" />
              )
            ) : null}
            {i18n._(TAP_LABELS[status])}
          </button>
        );
      })}
    </fieldset>
  );
}

function StopCard({
  stop,
  index,
  label,
  visit,
  live,
  choices,
  emptyNote,
}: {
  stop: Stop;
  index: number;
  label: string | null;
  visit: Visit | undefined;
  live: Live | null;
  choices: AttendanceStatus[];
  /** What the stop says when no child of its own boards or gets off there. */
  emptyNote: string;
}) {
  const { t } = useLingui();
  const riding = stop.riders.filter((rider) => rider.riding).length;
  const number = index + 1;
  const stopName = stop.name;
  return (
    <li className={`rounded-xl border bg-white shadow-sm ${label ? "border-brand-500 border-2" : "border-slate-200"}`}>
      <div className="flex items-start gap-3 border-b border-slate-100 p-4">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-ink"
        >
          {index + 1}
        </span>
        <div className="min-w-0 flex-1 wrap-anywhere">
          {label ? <p className="text-sm font-bold tracking-wide text-brand-800 uppercase">{label}</p> : null}
          <h2 className="text-lg font-semibold text-ink">
            <span className="sr-only">
              <Trans>Stop {number}:</Trans>{" "}
            </span>
            {stop.name}
          </h2>
          <p className="text-sm text-slate-700">
            <span className="font-semibold tabular-nums">{wallTime(stop.minutes)}</span> ·{" "}
            <Plural value={riding} one="# rider" other="# riders" />
            {visit?.departedAt ? (
              <>
                {" · "}
                <Trans>Left</Trans>
              </>
            ) : visit?.arrivedAt ? (
              <>
                {" · "}
                <Trans>Arrived</Trans>
              </>
            ) : null}
          </p>
        </div>
      </div>
      {stop.riders.length === 0 ? (
        <p className="p-4 text-sm text-slate-600">{emptyNote}</p>
      ) : (
        <ul aria-label={t`Riders at ${stopName}`} className="divide-y divide-slate-100">
          {stop.riders.map((rider) => {
            const tap = live?.taps.get(rider.childId);
            const { specialNeeds, allergyInfo } = rider;
            return (
              <li key={rider.childId} className={`min-h-14 p-4 ${rider.riding ? "" : "bg-slate-50"}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`text-base font-medium ${rider.riding ? "text-ink" : "text-slate-600 line-through"}`}
                  >
                    {rider.name}
                  </span>
                  {rider.riding ? null : (
                    <Badge tone="slate">
                      <Trans>Not riding today</Trans>
                    </Badge>
                  )}
                  {tap?.pending ? (
                    <Badge tone="amber">
                      <Trans>Waiting to send</Trans>
                    </Badge>
                  ) : null}
                </div>
                {rider.specialNeeds ? (
                  <p className="mt-1 flex items-start gap-1 text-sm text-violet-900">
                    <HeartPulse aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                    <span className="wrap-anywhere">
                      <Trans>
                        <span className="font-semibold">Special needs:</span> {specialNeeds}
                      </Trans>
                    </span>
                  </p>
                ) : null}
                {rider.allergyInfo ? (
                  <p className="mt-1 flex items-start gap-1 text-sm text-red-800">
                    <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                    <span className="wrap-anywhere">
                      <Trans>
                        <span className="font-semibold">Allergy:</span> {allergyInfo}
                      </Trans>
                    </span>
                  </p>
                ) : null}
                {live ? (
                  <TapButtons
                    rider={rider}
                    stop={stop}
                    choices={choices}
                    tap={tap}
                    onTap={(status) => live.tap(rider.childId, stop.id, status)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/**
 * The stops, the next first (ADR 0055's visits): the stop the bus stands at, or the first after the
 * last one reached; then the rest in order; the stops already left last, still open to a correction.
 */
function orderStops(stops: Stop[], visits: ReadonlyMap<string, Visit>) {
  let lastReached = -1;
  stops.forEach((stop, index) => {
    if (visits.get(stop.id)?.arrivedAt) lastReached = index;
  });
  const here = lastReached >= 0 && !visits.get(stops[lastReached]!.id)?.departedAt;
  const first = here ? lastReached : lastReached + 1;
  const indexed = stops.map((stop, index) => ({ stop, index }));
  return {
    ahead: indexed.slice(first),
    passed: indexed.slice(0, Math.min(first, stops.length)),
    here,
  };
}

const GEO_TEXT: Record<GeoState, MessageDescriptor | null> = {
  starting: msg`Finding your position…`,
  sharing: null,
  denied: msg`Location is blocked for SchoolRide, so parents cannot see the bus. Allow it in your browser's site settings (the lock or info icon by the address), then reload. You can still record riders.`,
  unavailable: msg`Your phone cannot find its position right now (no GPS signal, or location is off in the phone's settings). You can still record riders.`,
  unsupported: msg`This browser cannot share a position. You can still record riders.`,
  off: null,
};

const WAKE_TEXT: Record<WakeState, MessageDescriptor | null> = {
  on: msg`The screen stays on.`,
  unsupported: msg`This browser cannot keep the screen on: set a longer screen timeout in the phone's settings.`,
  refused: msg`The screen may turn off: set a longer screen timeout in the phone's settings.`,
  off: null,
};

/** The banner, always on screen while the run is open: what is shared, and what has not been sent yet. */
function SharingBanner({ live }: { live: Live }) {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const geoText = GEO_TEXT[live.geo];
  const wakeText = WAKE_TEXT[live.wake];
  const sharing = live.geo === "sharing" || live.geo === "starting";
  return (
    <section
      aria-label={t`Location sharing`}
      className={`sticky top-0 z-10 -mx-4 border-b-2 px-4 py-3 shadow-sm sm:mx-0 sm:rounded-lg sm:border-2 ${
        sharing ? "border-emerald-600 bg-emerald-50" : "border-amber-500 bg-amber-50"
      }`}
    >
      <p className="flex items-center gap-2 font-semibold text-ink">
        {sharing ? (
          <Navigation aria-hidden="true" className="h-5 w-5 shrink-0 text-emerald-700" />
        ) : (
          <MapPinOff aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-800" />
        )}
        {sharing ? t`Sharing your location while this run is open` : t`Your location is not being shared`}
      </p>
      {geoText ? <p className="mt-1 text-sm text-slate-800">{i18n._(geoText)}</p> : null}
      <p aria-live="polite" className="mt-1 flex items-center gap-1 text-sm font-medium text-slate-800">
        {live.waiting > 0 ? (
          <>
            <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-800" />
            <Plural value={live.waiting} one="# update waiting for signal" other="# updates waiting for signal" />
          </>
        ) : (
          <>
            <Check aria-hidden="true" className="h-4 w-4 shrink-0 text-emerald-700" />
            <Trans>All updates sent</Trans>
          </>
        )}
        {live.online ? null : (
          <>
            {" · "}
            <Trans>no signal</Trans>
          </>
        )}
      </p>
      {live.refused > 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          <Plural
            value={live.refused}
            one="# update was refused (a poor GPS fix, or a tap that does not fit this run)."
            other="# updates were refused (a poor GPS fix, or a tap that does not fit this run)."
          />
        </p>
      ) : null}
      {wakeText && live.wake !== "on" ? <p className="mt-1 text-sm text-slate-700">{i18n._(wakeText)}</p> : null}
    </section>
  );
}

type Summary = {
  endedAt: Date;
  reached: number;
  stops: number;
  counts: Record<AttendanceStatus, number>;
  /** A pickup's children dropped at the school (the engine's, on arrival there). */
  droppedAtSchool: number;
  unmarked: number;
};

function summarize(
  stops: Stop[],
  visits: ReadonlyMap<string, Visit>,
  taps: ReadonlyMap<string, Tap>,
  riders: DriverLiveView["riders"],
): Summary {
  const counts: Record<AttendanceStatus, number> = { boarded: 0, absent: 0, dropped: 0 };
  let unmarked = 0;
  for (const rider of stops.flatMap((stop) => stop.riders)) {
    const tap = taps.get(rider.childId);
    if (tap) counts[tap.status]++;
    else if (rider.riding) unmarked++;
  }
  // Beside the boarding the driver tapped: the drop the engine made at the school.
  const droppedAtSchool = riders.filter((rider) => rider.boarding && rider.attendance?.status === "dropped").length;
  return {
    endedAt: new Date(),
    reached: stops.filter((stop) => visits.get(stop.id)?.arrivedAt).length,
    stops: stops.length,
    counts,
    droppedAtSchool,
    unmarked,
  };
}

function RunSummary({ summary, run, zone }: { summary: Summary | null; run: Run; zone: string }) {
  const { t } = useLingui();
  const endedAt = summary?.endedAt ?? run.endedAt;
  const endedTime = endedAt ? zonedTime(new Date(endedAt), zone) : "";
  const reached = formatNumber(summary?.reached ?? 0);
  const total = formatNumber(summary?.stops ?? 0);
  return (
    <section aria-labelledby="run-summary" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
        {run.status === "cancelled" && !endedAt
          ? t`Location sharing stopped: this run has been cancelled.`
          : t`Location sharing stopped: this run has ended.`}
      </p>
      <h2 id="run-summary" className="mt-2 text-xl font-semibold text-ink">
        {endedAt ? t`Run ended at ${endedTime}` : t`Run cancelled by the school`}
      </h2>
      {summary ? (
        <dl className="mt-3 grid grid-cols-2 gap-3 text-center">
          {[
            [t`Stops reached`, t`${reached} of ${total}`],
            ...(run.routeType === "pickup"
              ? [
                  [t`Boarded`, formatNumber(summary.counts.boarded)],
                  [t`Absent`, formatNumber(summary.counts.absent)],
                  [t`Dropped at school`, formatNumber(summary.droppedAtSchool)],
                ]
              : [[t`Dropped`, formatNumber(summary.counts.dropped)]]),
            [t`Not marked`, formatNumber(summary.unmarked)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-2xl font-bold text-ink tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Link
        to="/driver"
        className="mt-4 inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-500 px-4 text-lg font-semibold text-ink hover:bg-brand-600"
      >
        <Trans>Back to today's runs</Trans>
      </Link>
    </section>
  );
}

/** Start: one large button, after a large list of the school's buses when the route has none. */
function StartRun({ run }: { run: Run }) {
  const { t } = useLingui();
  const start = useStartRun();
  const needsBus = run.routeBusId === null;
  const buses = useDriverBuses(needsBus);
  const [busId, setBusId] = useState<string | null>(null);
  return (
    <section aria-label={t`Start the run`} className="space-y-3">
      {needsBus ? (
        <fieldset className="space-y-2">
          <legend className="text-lg font-semibold text-ink">
            <Trans>Which bus are you driving?</Trans>
          </legend>
          {buses.isPending ? (
            <p className="text-slate-700">
              <Trans>Loading the buses…</Trans>
            </p>
          ) : null}
          {buses.data?.length === 0 ? (
            <p className="text-slate-700">
              <Trans>The school has no buses yet: ask the school office to add yours.</Trans>
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-2">
            {buses.data?.map((bus) => {
              const { number } = bus;
              return (
                <label
                  key={bus.id}
                  className={`flex min-h-14 cursor-pointer flex-col justify-center rounded-xl border-2 px-3 py-2 has-focus-visible:outline-2 has-focus-visible:outline-brand-700 ${
                    busId === bus.id ? "border-brand-700 bg-brand-100" : "border-slate-300 bg-white"
                  }`}
                >
                  <input
                    type="radio"
                    name="bus"
                    value={bus.id}
                    checked={busId === bus.id}
                    onChange={() => setBusId(bus.id)}
                    className="sr-only"
                  />
                  <span className="text-lg font-semibold text-ink">
                    <Trans>Bus {number}</Trans>
                  </span>
                  {bus.plate ? (
                    <span dir="ltr" className="text-sm text-slate-700">
                      {bus.plate}
                    </span>
                  ) : null}
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <button
        type="button"
        disabled={start.isPending || (needsBus && busId === null)}
        onClick={() => start.mutate({ runId: run.id, busId: needsBus ? busId : null })}
        className="inline-flex min-h-16 w-full items-center justify-center gap-2 rounded-xl bg-emerald-700 px-4 text-xl font-bold text-white shadow hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Navigation aria-hidden="true" className="h-6 w-6" />
        {start.isPending ? t`Starting…` : t`Start run`}
      </button>
      <p className="text-sm text-slate-700">
        <Trans>
          Starting shares your phone's location with the school and this run's families until you end the run.
        </Trans>
      </p>
    </section>
  );
}

function OpenRun({ run, stops }: { run: Run; stops: Stop[] }) {
  const { t } = useLingui();
  const startedAt = run.startedAt ? new Date(run.startedAt).getTime() : null;
  const [summary, setSummary] = useState<Summary | null>(null);
  const zone = useSchoolZone() ?? "UTC";
  // Open as the engine says (runIsOpen): started, not ended, not cancelled by the school.
  const open = startedAt !== null && !run.endedAt && run.status !== "cancelled" && summary === null;
  const live = useDriverLiveRun(run.id, open, startedAt);
  const visits = new Map<string, Visit>((live.view?.stops ?? []).map((stop) => [stop.id, stop]));
  const [confirming, setConfirming] = useState(false);
  const end = useEndRun(() => {
    live.forget();
    setSummary(summarize(stops, visits, live.taps, live.view?.riders ?? []));
  });
  const [ending, setEnding] = useState(false);

  if (!open)
    return (
      <>
        <RunSummary summary={summary} run={run} zone={zone} />
        <StopList stops={stops} direction={run.routeType} />
      </>
    );

  const { ahead, passed, here } = orderStops(stops, visits);
  const label = here ? t`At this stop` : t`Next stop`;
  const choices = TAP_CHOICES[run.routeType];
  const onBoard = onBoardCount(stops, live.taps);
  const emptyNote = (index: number) => emptyStopNote(run.routeType, index === stops.length - 1, onBoard);
  const confirmEnd = async () => {
    setEnding(true);
    const left = await live.flush();
    setEnding(false);
    setConfirming(false);
    if (left > 0) {
      notify(
        "error",
        t`Not ended yet`,
        t`${plural(left, {
          one: "# update is still waiting for signal. End the run when the phone has signal again.",
          other: "# updates are still waiting for signal. End the run when the phone has signal again.",
        })}`,
      );
      return;
    }
    end.mutate({ runId: run.id });
  };

  return (
    <>
      <SharingBanner live={live} />
      {stops.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
          <Trans>This trip is not on a route, so it has no stops to list.</Trans>
        </p>
      ) : (
        <>
          <ol aria-label={t`Stops ahead`} className="space-y-3">
            {ahead.map(({ stop, index }, position) => (
              <StopCard
                key={stop.id}
                stop={stop}
                index={index}
                label={position === 0 ? label : null}
                visit={visits.get(stop.id)}
                live={live}
                choices={choices}
                emptyNote={emptyNote(index)}
              />
            ))}
          </ol>
          {passed.length > 0 ? (
            <section aria-labelledby="stops-passed" className="space-y-3">
              <h2 id="stops-passed" className="text-lg font-semibold text-ink">
                <Trans>Stops passed</Trans>
              </h2>
              <ol aria-label={t`Stops passed`} className="space-y-3">
                {passed.map(({ stop, index }) => (
                  <StopCard
                    key={stop.id}
                    stop={stop}
                    index={index}
                    label={null}
                    visit={visits.get(stop.id)}
                    live={live}
                    choices={choices}
                    emptyNote={emptyNote(index)}
                  />
                ))}
              </ol>
            </section>
          ) : null}
        </>
      )}
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="inline-flex min-h-16 w-full items-center justify-center rounded-xl border-2 border-red-700 bg-white px-4 text-xl font-bold text-red-800 hover:bg-red-50"
      >
        <Trans>End run</Trans>
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          if (!next && !ending) setConfirming(false);
        }}
        title={t`End this run?`}
        message={
          live.waiting > 0
            ? t`${plural(live.waiting, {
                one: "Your location stops being shared and no more riders can be marked on this run. # update waiting for signal will be sent first.",
                other:
                  "Your location stops being shared and no more riders can be marked on this run. # updates waiting for signal will be sent first.",
              })}`
            : t`Your location stops being shared and no more riders can be marked on this run.`
        }
        confirmLabel={ending || end.isPending ? t`Ending…` : t`End run`}
        cancelLabel={t`Keep driving`}
        busy={ending || end.isPending}
        onConfirm={() => void confirmEnd()}
      />
    </>
  );
}

/** Before the start: the stops and riders to read, the Start button; after the end, what was recorded. */
function RunBody({ run, stops }: { run: Run; stops: Stop[] }) {
  const { t } = useLingui();
  if (run.startedAt) return <OpenRun run={run} stops={stops} />;
  const startable = run.status === "scheduled" || run.status === "in-progress";
  return (
    <>
      {startable ? (
        <StartRun run={run} />
      ) : (
        <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
          {run.status === "cancelled" ? t`This run is cancelled.` : t`This run cannot be started any more.`}
        </p>
      )}
      <StopList stops={stops} direction={run.routeType} />
    </>
  );
}

/** The stops in order with their riders, to read (before the start, after the end). */
function StopList({ stops, direction }: { stops: Stop[]; direction: Run["routeType"] }) {
  const { t } = useLingui();
  if (stops.length === 0)
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
        <Trans>This trip is not on a route, so it has no stops to list.</Trans>
      </p>
    );
  return (
    <ol aria-label={t`Stops in order`} className="space-y-3">
      {stops.map((stop, index) => (
        <StopCard
          key={stop.id}
          stop={stop}
          index={index}
          label={null}
          visit={undefined}
          live={null}
          choices={[]}
          emptyNote={emptyStopNote(direction, index === stops.length - 1, null)}
        />
      ))}
    </ol>
  );
}

/**
 * `/driver/runs/:tripId` (ADR 0057, issue 28): one-handed on a phone. Before the start, the run's
 * stops and riders and Start (with the bus, when the route has none). While open: the banner saying
 * the location is shared and what waits for signal, the stops with the next first, Boarded / Absent
 * (pickup) or Dropped (drop-off) per child, and End run. After: a summary.
 */
export default function DriverRunPage() {
  const { tripId = "" } = useParams();
  const run = useDriverRun(tripId);
  const zone = useSchoolZone() ?? "UTC";
  const { t } = useLingui();
  const routeName = run.data?.run.routeName ?? t`Run`;
  usePageTitle(t`${routeName} · SchoolRide`);
  return (
    <div className="space-y-4">
      <Link
        to="/driver"
        className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
        <Trans>Today's runs</Trans>
      </Link>
      {run.data ? null : <PageHeader title={t`Run`} />}
      <QueryState query={run} loading={t`Loading the run…`} failed={t`Failed to load this run.`}>
        {({ run: detail, stops }) => {
          const { busNumber } = detail;
          return (
            <>
              <PageHeader
                title={detail.routeName}
                subtitle={
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-semibold tabular-nums">{zonedTime(detail.departureTime, zone)}</span>
                    <span>{sharedText(ROUTE_DIRECTION_LABELS[detail.routeType])}</span>
                    <span>
                      <Trans>Bus {busNumber}</Trans>
                    </span>
                    <span>
                      <Plural value={detail.studentsCount} one="# rider" other="# riders" />
                    </span>
                    <TripStatusBadge status={detail.status} />
                  </span>
                }
              />
              <RunBody run={detail} stops={stops} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
