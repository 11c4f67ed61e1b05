import { AlertTriangle, ArrowLeft, Check, CloudOff, HeartPulse, MapPin, MapPinOff, Navigation, X } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import type { AttendanceStatus } from "#shared/live-constants.ts";
import { minutesToTime } from "#shared/route-texts.ts";
import { formatTime } from "#shared/school-time.ts";
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
import { useSchoolZone } from "../../lib/school-zone.ts";
import { notify } from "../../lib/toast.ts";

// End run's confirmation: the dialog's code loads when it first opens, not with the run.
const ConfirmDialog = lazyDialog(async () => (await import("../../components/ui/dialog.tsx")).ConfirmDialog);

type Run = DriverRunDetail["run"];
type Stop = DriverRunDetail["stops"][number];
type Visit = { arrivedAt: string | null; departedAt: string | null };
type Live = ReturnType<typeof useDriverLiveRun>;

const TAP_LABELS: Record<AttendanceStatus, string> = { boarded: "Boarded", absent: "Absent", dropped: "Dropped" };
const TAP_CHOICES: Record<Run["routeType"], AttendanceStatus[]> = {
  pickup: ["boarded", "absent"],
  dropoff: ["dropped"],
};

/** A stop's time on the school's clock, "7:30 AM". */
function stopTime(minutes: number): string {
  const [hours, mins] = minutesToTime(minutes).split(":").map(Number) as [number, number];
  return `${hours % 12 || 12}:${String(mins).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

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
  return (
    <fieldset className="mt-3 flex gap-2">
      <legend className="sr-only">
        {rider.name} at {stop.name}
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
            {TAP_LABELS[status]}
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
  const riding = stop.riders.filter((rider) => rider.riding).length;
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
            <span className="sr-only">Stop {index + 1}: </span>
            {stop.name}
          </h2>
          <p className="text-sm text-slate-700">
            <span className="font-semibold tabular-nums">{stopTime(stop.minutes)}</span> ·{" "}
            {plural(riding, "rider", "riders")}
            {visit?.departedAt ? " · Left" : visit?.arrivedAt ? " · Arrived" : ""}
          </p>
        </div>
      </div>
      {stop.riders.length === 0 ? (
        <p className="p-4 text-sm text-slate-600">{emptyNote}</p>
      ) : (
        <ul aria-label={`Riders at ${stop.name}`} className="divide-y divide-slate-100">
          {stop.riders.map((rider) => {
            const tap = live?.taps.get(rider.childId);
            return (
              <li key={rider.childId} className={`min-h-14 p-4 ${rider.riding ? "" : "bg-slate-50"}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`text-base font-medium ${rider.riding ? "text-ink" : "text-slate-600 line-through"}`}
                  >
                    {rider.name}
                  </span>
                  {rider.riding ? null : <Badge tone="slate">Not riding today</Badge>}
                  {tap?.pending ? <Badge tone="amber">Waiting to send</Badge> : null}
                </div>
                {rider.specialNeeds ? (
                  <p className="mt-1 flex items-start gap-1 text-sm text-violet-900">
                    <HeartPulse aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                    <span className="wrap-anywhere">
                      <span className="font-semibold">Special needs:</span> {rider.specialNeeds}
                    </span>
                  </p>
                ) : null}
                {rider.allergyInfo ? (
                  <p className="mt-1 flex items-start gap-1 text-sm text-red-800">
                    <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                    <span className="wrap-anywhere">
                      <span className="font-semibold">Allergy:</span> {rider.allergyInfo}
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
    label: here ? "At this stop" : "Next stop",
  };
}

const GEO_TEXT: Record<GeoState, string | null> = {
  starting: "Finding your position…",
  sharing: null,
  denied:
    "Location is blocked for SchoolRide, so parents cannot see the bus. Allow it in your browser's site settings (the lock or info icon by the address), then reload. You can still record riders.",
  unavailable:
    "Your phone cannot find its position right now (no GPS signal, or location is off in the phone's settings). You can still record riders.",
  unsupported: "This browser cannot share a position. You can still record riders.",
  off: null,
};

const WAKE_TEXT: Record<WakeState, string | null> = {
  on: "The screen stays on.",
  unsupported: "This browser cannot keep the screen on: set a longer screen timeout in the phone's settings.",
  refused: "The screen may turn off: set a longer screen timeout in the phone's settings.",
  off: null,
};

/** The banner, always on screen while the run is open: what is shared, and what has not been sent yet. */
function SharingBanner({ live }: { live: Live }) {
  const geoText = GEO_TEXT[live.geo];
  const sharing = live.geo === "sharing" || live.geo === "starting";
  return (
    <section
      aria-label="Location sharing"
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
        {sharing ? "Sharing your location while this run is open" : "Your location is not being shared"}
      </p>
      {geoText ? <p className="mt-1 text-sm text-slate-800">{geoText}</p> : null}
      <p aria-live="polite" className="mt-1 flex items-center gap-1 text-sm font-medium text-slate-800">
        {live.waiting > 0 ? (
          <>
            <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-800" />
            {plural(live.waiting, "update", "updates")} waiting for signal
          </>
        ) : (
          <>
            <Check aria-hidden="true" className="h-4 w-4 shrink-0 text-emerald-700" />
            All updates sent
          </>
        )}
        {live.online ? "" : " · no signal"}
      </p>
      {live.refused > 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          {plural(live.refused, "update was", "updates were")} refused (a poor GPS fix, or a tap that does not fit this
          run).
        </p>
      ) : null}
      {WAKE_TEXT[live.wake] && live.wake !== "on" ? (
        <p className="mt-1 text-sm text-slate-700">{WAKE_TEXT[live.wake]}</p>
      ) : null}
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
  const endedAt = summary?.endedAt ?? run.endedAt;
  return (
    <section aria-labelledby="run-summary" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
        Location sharing stopped: this run has {run.status === "cancelled" && !endedAt ? "been cancelled" : "ended"}.
      </p>
      <h2 id="run-summary" className="mt-2 text-xl font-semibold text-ink">
        {endedAt ? `Run ended at ${formatTime(new Date(endedAt), zone)}` : "Run cancelled by the school"}
      </h2>
      {summary ? (
        <dl className="mt-3 grid grid-cols-2 gap-3 text-center">
          {[
            ["Stops reached", `${summary.reached} of ${summary.stops}`],
            ...(run.routeType === "pickup"
              ? [
                  ["Boarded", String(summary.counts.boarded)],
                  ["Absent", String(summary.counts.absent)],
                  ["Dropped at school", String(summary.droppedAtSchool)],
                ]
              : [["Dropped", String(summary.counts.dropped)]]),
            ["Not marked", String(summary.unmarked)],
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
        Back to today's runs
      </Link>
    </section>
  );
}

/** Start: one large button, after a large list of the school's buses when the route has none. */
function StartRun({ run }: { run: Run }) {
  const start = useStartRun();
  const needsBus = run.routeBusId === null;
  const buses = useDriverBuses(needsBus);
  const [busId, setBusId] = useState<string | null>(null);
  return (
    <section aria-label="Start the run" className="space-y-3">
      {needsBus ? (
        <fieldset className="space-y-2">
          <legend className="text-lg font-semibold text-ink">Which bus are you driving?</legend>
          {buses.isPending ? <p className="text-slate-700">Loading the buses…</p> : null}
          {buses.data?.length === 0 ? (
            <p className="text-slate-700">The school has no buses yet: ask the school office to add yours.</p>
          ) : null}
          <div className="grid grid-cols-2 gap-2">
            {buses.data?.map((bus) => (
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
                <span className="text-lg font-semibold text-ink">Bus {bus.number}</span>
                {bus.plate ? <span className="text-sm text-slate-700">{bus.plate}</span> : null}
              </label>
            ))}
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
        {start.isPending ? "Starting…" : "Start run"}
      </button>
      <p className="text-sm text-slate-700">
        Starting shares your phone's location with the school and this run's families until you end the run.
      </p>
    </section>
  );
}

function OpenRun({ run, stops }: { run: Run; stops: Stop[] }) {
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

  const { ahead, passed, label } = orderStops(stops, visits);
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
        "Not ended yet",
        `${plural(left, "update is", "updates are")} still waiting for signal. End the run when the phone has signal again.`,
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
          This trip is not on a route, so it has no stops to list.
        </p>
      ) : (
        <>
          <ol aria-label="Stops ahead" className="space-y-3">
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
                Stops passed
              </h2>
              <ol aria-label="Stops passed" className="space-y-3">
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
        End run
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          if (!next && !ending) setConfirming(false);
        }}
        title="End this run?"
        message={`Your location stops being shared and no more riders can be marked on this run.${
          live.waiting > 0 ? ` ${plural(live.waiting, "update", "updates")} waiting for signal will be sent first.` : ""
        }`}
        confirmLabel={ending || end.isPending ? "Ending…" : "End run"}
        cancelLabel="Keep driving"
        busy={ending || end.isPending}
        onConfirm={() => void confirmEnd()}
      />
    </>
  );
}

/** Before the start: the stops and riders to read, the Start button; after the end, what was recorded. */
function RunBody({ run, stops }: { run: Run; stops: Stop[] }) {
  if (run.startedAt) return <OpenRun run={run} stops={stops} />;
  const startable = run.status === "scheduled" || run.status === "in-progress";
  return (
    <>
      {startable ? (
        <StartRun run={run} />
      ) : (
        <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
          {run.status === "cancelled" ? "This run is cancelled." : "This run cannot be started any more."}
        </p>
      )}
      <StopList stops={stops} direction={run.routeType} />
    </>
  );
}

/** The stops in order with their riders, to read (before the start, after the end). */
function StopList({ stops, direction }: { stops: Stop[]; direction: Run["routeType"] }) {
  if (stops.length === 0)
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
        This trip is not on a route, so it has no stops to list.
      </p>
    );
  return (
    <ol aria-label="Stops in order" className="space-y-3">
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
  usePageTitle(`${run.data?.run.routeName ?? "Run"} · SchoolRide`);
  return (
    <div className="space-y-4">
      <Link
        to="/driver"
        className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        Today's runs
      </Link>
      {run.data ? null : <PageHeader title="Run" />}
      <QueryState query={run} loading="Loading the run…" failed="Failed to load this run.">
        {({ run: detail, stops }) => (
          <>
            <PageHeader
              title={detail.routeName}
              subtitle={
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold tabular-nums">{formatTime(detail.departureTime, zone)}</span>
                  <span>{ROUTE_DIRECTION_LABELS[detail.routeType]}</span>
                  <span>Bus {detail.busNumber}</span>
                  <span>{plural(detail.studentsCount, "rider", "riders")}</span>
                  <TripStatusBadge status={detail.status} />
                </span>
              }
            />
            <RunBody run={detail} stops={stops} />
          </>
        )}
      </QueryState>
    </div>
  );
}
