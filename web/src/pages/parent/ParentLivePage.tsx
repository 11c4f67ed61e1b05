import { i18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { PARENT_WATCH_AFTER_END_MINUTES } from "#shared/live-constants.ts";
import { formatAge, formatEtaRange, formatLastSeen, LIVE_STALE_AFTER_MS } from "#shared/live-eta.ts";
import { attendanceLine, LIVE_TEXTS, overLine } from "#shared/live-texts.ts";
import { formatTime } from "#shared/school-time.ts";
import { LiveMap } from "../../components/map/LiveMap.tsx";
import { useTilesOrNull } from "../../components/map/StopMap.tsx";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Loading } from "../../components/ui/states.tsx";
import { type ParentRunView, useBellFollowsRun, useNow, useWatchedRun } from "../../features/live/watch-run.ts";
import { activeLocale } from "../../i18n/i18n.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import { useSchoolZone } from "../../lib/school-zone.ts";

type Rider = ParentRunView["riders"][number];
type Stop = ParentRunView["stops"][number];

/** Where the run is: not started yet, open, over (the 15 minutes after its end), cancelled. */
function phaseOf(view: ParentRunView): "scheduled" | "open" | "over" | "cancelled" {
  if (view.status === "cancelled") return "cancelled";
  if (view.endedAt || view.status === "completed") return "over";
  return view.startedAt ? "open" : "scheduled";
}

/** The bus and the child's stop, as text: when it comes, or when it came and left. */
function StopLine({ stop, phase, zone }: { stop: Stop; phase: ReturnType<typeof phaseOf>; zone: string }) {
  const scheduled = formatTime(new Date(stop.scheduledAt), zone, activeLocale());
  const stopName = stop.name;
  if (stop.departedAt) {
    const departed = formatTime(new Date(stop.departedAt), zone, activeLocale());
    return (
      <p className="text-lg text-ink">
        <Trans>
          The bus left <span className="font-semibold">{stopName}</span> at {departed}.
        </Trans>
      </p>
    );
  }
  if (stop.arrivedAt) {
    const arrived = formatTime(new Date(stop.arrivedAt), zone, activeLocale());
    return (
      <p className="text-lg text-ink">
        <Trans>
          The bus reached <span className="font-semibold">{stopName}</span> at {arrived}.
        </Trans>
      </p>
    );
  }
  if (phase === "open" && stop.eta)
    return (
      <div>
        <p className="text-sm font-medium text-slate-700">
          <Trans>
            Bus to <span className="font-semibold text-ink">{stopName}</span>
          </Trans>
        </p>
        <p className="text-4xl font-bold tabular-nums text-ink" data-testid="live-eta" data-screen="box">
          {formatEtaRange(stop.eta, i18n)}
        </p>
        <p className="text-sm text-slate-600">
          <Trans>Scheduled at {scheduled}</Trans>
        </p>
      </div>
    );
  return (
    <p className="text-lg text-ink">
      <Trans>
        <span className="font-semibold">{stopName}</span> · scheduled at {scheduled}
      </Trans>
    </p>
  );
}

/** How old the last position is, ticking; stale after 60 s: "Last seen 2 min ago", never as live. */
function PositionAge({ view, receivedAt, now }: { view: ParentRunView; receivedAt: number; now: number }) {
  if (view.position === null || view.ageSeconds === null)
    return <p className="text-sm text-slate-700">{sharedText(LIVE_TEXTS.noPosition)}</p>;
  const ageMs = view.ageSeconds * 1000 + Math.max(0, now - receivedAt);
  const stale = view.stale || ageMs >= LIVE_STALE_AFTER_MS;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="live-age" data-screen="box">
      {stale ? (
        <Badge tone="slate">
          <Trans>Not live</Trans>
        </Badge>
      ) : (
        <Badge tone="green">
          <Trans>Live</Trans>
        </Badge>
      )}
      <span>{stale ? formatLastSeen(ageMs / 1000, i18n) : formatAge(ageMs / 1000, i18n)}</span>
    </p>
  );
}

function ConnectionNote({ status, everLive }: { status: string; everLive: boolean }) {
  const text =
    status === "connecting"
      ? everLive
        ? LIVE_TEXTS.reconnecting
        : LIVE_TEXTS.connecting
      : status === "polling"
        ? LIVE_TEXTS.polling
        : null;
  return (
    <p role="status" className="text-xs text-slate-600" data-screen="box">
      {sharedText(text ?? undefined)}
    </p>
  );
}

function ChildCard({
  rider,
  stop,
  view,
  zone,
}: {
  rider: Rider;
  stop: Stop | undefined;
  view: ParentRunView;
  zone: string;
}) {
  const phase = phaseOf(view);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-ink">{rider.name}</h2>
      {rider.notRiding ? (
        <p className="text-sm text-slate-700">{sharedText(LIVE_TEXTS.notRiding)}</p>
      ) : (
        <div className="mt-1 space-y-2">
          {stop ? <StopLine stop={stop} phase={phase} zone={zone} /> : null}
          {/* Announced when it comes (boarded, absent, dropped off); the ETA, changing every few seconds, is not. */}
          <div aria-live="polite">
            {rider.attendance ? (
              <>
                {/* A pickup's child dropped at the school: when and where they got on, then off. */}
                {rider.boarding && rider.attendance.status === "dropped" ? (
                  <p className="font-medium text-ink" data-testid="live-boarding">
                    {attendanceLine(i18n, rider.name, rider.boarding, rider.boarding.stopName, zone)}
                  </p>
                ) : null}
                <p className="font-medium text-ink" data-testid="live-attendance">
                  {/* Where it was recorded (a pickup's drop is at the school, not at the child's stop). */}
                  {attendanceLine(i18n, rider.name, rider.attendance, rider.attendance.stopName, zone)}
                </p>
              </>
            ) : phase === "over" ? (
              <p className="text-slate-700">{i18n._({ ...LIVE_TEXTS.noTap, values: { child: rider.name } })}</p>
            ) : null}
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * `/parent/rides/:tripId`: a run one of the parent's children rides today, live, phone first. The
 * text comes first (the child's stop, the ETA as a range, how old the bus's position is, ticking);
 * the map (the bus and the child's stop only) loads after it. The server decides who may watch and
 * until when (ADR 0055, LO2): before the start the page says the run has not started; 15 minutes
 * after the end it is over.
 */
export default function ParentLivePage() {
  const { tripId = "" } = useParams();
  const { view, receivedAt, status, gone, failed } = useWatchedRun(tripId);
  useBellFollowsRun(view);
  // Asked for as the page opens, with its route's other first queries (one request), not once the map shows.
  const tiles = useTilesOrNull();
  const now = useNow();
  const zone = useSchoolZone() ?? "UTC";
  const everLive = view !== null;
  const { t } = useLingui();
  const routeName = view?.routeName ?? "";
  usePageTitle(view ? t`${routeName} live · SchoolRide` : t`Live ride · SchoolRide`);

  const back = (
    <Link
      to="/parent"
      className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
      <Trans>Today's rides</Trans>
    </Link>
  );

  if (view === null)
    return (
      <div className="space-y-4">
        {back}
        <PageHeader title={t`Live ride`} />
        {gone ? (
          <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{sharedText(LIVE_TEXTS.gone)}</p>
        ) : failed ? (
          <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{sharedText(LIVE_TEXTS.offline)}</p>
        ) : (
          <Loading label={t`Loading the ride…`} />
        )}
        <Link to="/parent/children" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          {sharedText(LIVE_TEXTS.history)}
        </Link>
      </div>
    );

  const phase = phaseOf(view);
  const stops = new Map(view.stops.map((stop) => [stop.id, stop]));
  const riding = view.riders.filter((rider) => !rider.notRiding);
  const mapStop = stops.get(riding[0]?.stopId ?? "") ?? view.stops[0];
  const ageMs = view.ageSeconds === null ? null : view.ageSeconds * 1000 + Math.max(0, now - receivedAt);
  const stale = view.stale || ageMs === null || ageMs >= LIVE_STALE_AFTER_MS;
  const busNumber = view.busNumber;
  const mapStopName = mapStop?.name ?? "";

  return (
    <div className="space-y-4">
      {back}
      <PageHeader
        title={t`${routeName} · Bus ${busNumber}`}
        subtitle={view.direction === "pickup" ? t`Pickup` : t`Drop-off`}
      />
      <section
        aria-label={t`The bus now`}
        className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <p className="font-semibold text-ink" aria-live="polite" data-testid="live-phase">
          {phase === "scheduled"
            ? sharedText(LIVE_TEXTS.notStarted)
            : phase === "cancelled"
              ? sharedText(LIVE_TEXTS.cancelled)
              : phase === "over"
                ? gone
                  ? sharedText(LIVE_TEXTS.overClosed)
                  : overLine(i18n, view, zone)
                : sharedText(LIVE_TEXTS.open)}
        </p>
        {phase === "open" ? <PositionAge view={view} receivedAt={receivedAt} now={now} /> : null}
        {gone ? null : <ConnectionNote status={status} everLive={everLive} />}
      </section>
      <ul aria-label={t`Your children on this run`} className="space-y-3">
        {view.riders.map((rider) => (
          <ChildCard key={rider.childId} rider={rider} stop={stops.get(rider.stopId)} view={view} zone={zone} />
        ))}
      </ul>
      {mapStop && phase !== "cancelled" ? (
        <LiveMap
          tiles={tiles}
          stop={{ name: mapStop.name, lat: mapStop.latitude, lng: mapStop.longitude }}
          // After the run, the bus's last known position stays, drawn as stale (never as live).
          bus={
            view.position && phase !== "scheduled"
              ? { lat: view.position.latitude, lng: view.position.longitude, stale: stale || phase === "over" }
              : null
          }
          label={t`Map of the bus and ${mapStopName}`}
          className="h-64 sm:h-96"
        />
      ) : null}
      <p className="text-xs text-slate-600">
        {i18n._({ ...LIVE_TEXTS.privacy, values: { minutes: PARENT_WATCH_AFTER_END_MINUTES } })}
      </p>
    </div>
  );
}
