import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { ATTENDANCE_MARK_LABELS } from "#shared/live-board.ts";
import { BoardMap } from "../../../components/map/BoardMap.tsx";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { PageHeader, PageSection } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import { type Replay, useReplay } from "../../../features/live-board/hooks.ts";
import { shortDay, zonedTime } from "../../../features/trips/zoned-format.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { useSchoolZone } from "../../../lib/school-zone.ts";

type Event = { at: number; text: string };

/** ", arrived 7:42 AM" after a stop's name, for a screen reader. */
function arrivedLabel(time: string): string {
  return t`, arrived ${time}`;
}

/** A run on a timeline: the slider (arrow keys step one position) moves the bus along its trail. */
function Timeline({ replay, zone }: { replay: Replay; zone: string }) {
  const { t } = useLingui();
  const { positions, stops, taps } = replay;
  const [index, setIndex] = useState(positions.length - 1);
  const [picked, setPicked] = useState<string | null>(null);
  const current = positions[Math.min(index, positions.length - 1)];
  const until = current?.at.getTime() ?? Number.POSITIVE_INFINITY;
  const trail = useMemo(
    () => positions.slice(0, index + 1).map((p) => ({ lat: p.latitude, lng: p.longitude })),
    [positions, index],
  );
  const mapStops = useMemo(
    () =>
      stops.map((stop) => ({
        id: stop.id,
        name: stop.name,
        lat: stop.latitude,
        lng: stop.longitude,
        order: stop.position + 1,
      })),
    [stops],
  );
  const events: Event[] = [
    ...stops.flatMap((stop) => {
      const number = stop.position + 1;
      const { name } = stop;
      return stop.arrivedAt ? [{ at: stop.arrivedAt.getTime(), text: t`Arrived at ${number}. ${name}` }] : [];
    }),
    ...taps.map((tap) => {
      const { childName, stopName } = tap;
      const mark = ATTENDANCE_MARK_LABELS[tap.status];
      return {
        at: tap.at.getTime(),
        text: stopName ? t`${childName}: ${mark} at ${stopName}` : t`${childName}: ${mark}`,
      };
    }),
  ].sort((a, b) => a.at - b.at);
  const seen = events.filter((event) => event.at <= until);
  const currentTime = current ? zonedTime(current.at, zone) : null;
  const shownTime = currentTime ?? "—";
  const position = index + 1;
  const count = positions.length;
  const buses = current
    ? [{ id: "bus", label: replay.run.busNumber, lat: current.latitude, lng: current.longitude, stale: false }]
    : [];
  return (
    <>
      <BoardMap
        label={currentTime ? t`Map of the run's trail up to ${currentTime}` : t`Map of the run's trail up to the start`}
        buses={buses}
        stops={mapStops}
        trail={trail}
        className="h-64 sm:h-96"
        selectedStopId={picked}
        onSelectStop={setPicked}
      />
      <PageSection id="replay-stops" title={t`Stops`} className="mt-4">
        {/* The keyboard's way to each stop (close ones share a spot on the map): shown up close and marked. */}
        <ol className="flex flex-wrap gap-2 text-sm">
          {stops.map((stop) => (
            <li key={stop.id}>
              <button
                type="button"
                aria-pressed={picked === stop.id}
                onClick={() => setPicked(stop.id)}
                className={`inline-flex min-h-11 items-center rounded-md border px-3 font-medium ${
                  picked === stop.id ? "border-amber-800 bg-amber-800 text-white" : "border-slate-300 bg-white text-ink"
                }`}
              >
                {stop.position + 1}. {stop.name}
                {stop.arrivedAt ? (
                  <span className="sr-only">{arrivedLabel(zonedTime(stop.arrivedAt, zone))}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ol>
      </PageSection>
      {positions.length > 0 ? (
        <div className="mt-4">
          <label htmlFor="replay-time" className="block text-sm font-medium text-ink">
            <Trans>
              Time: <output htmlFor="replay-time">{shownTime}</output> (position {position} of {count})
            </Trans>
          </label>
          <input
            id="replay-time"
            type="range"
            min={0}
            max={positions.length - 1}
            step={1}
            value={index}
            aria-valuetext={currentTime ?? undefined}
            onChange={(event) => setIndex(Number(event.target.value))}
            className="mt-2 h-11 w-full"
          />
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          <Trans>No positions were kept for this run (they are kept 30 days).</Trans>
        </p>
      )}
      <PageSection id="replay-events" title={t`Stop arrivals and taps`} className="mt-6">
        {seen.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>Nothing yet at this time.</Trans>
          </p>
        ) : (
          <ol className="space-y-1 text-sm">
            {seen.map((event) => (
              <li key={`${event.at}-${event.text}`}>
                <time className="font-medium tabular-nums">{zonedTime(new Date(event.at), zone)}</time> {event.text}
              </li>
            ))}
          </ol>
        )}
      </PageSection>
    </>
  );
}

/** A past (or open) run replayed: positions as a line, stop arrivals and taps on a timeline. */
export default function RunReplayPage() {
  const { runId = "" } = useParams();
  const zone = useSchoolZone() ?? "UTC";
  const { t } = useLingui();
  const replay = useReplay(runId);
  const run = replay.data?.run;
  const routeName = run?.routeName ?? "";
  const direction = run ? sharedText(ROUTE_DIRECTION_LABELS[run.direction]) : "";
  const busNumber = run?.busNumber ?? "";
  const serviceDate = run ? shortDay(run.serviceDate) : "";
  usePageTitle(run ? t`Replay: ${routeName}` : t`Replay`);
  return (
    <>
      <PageHeader
        title={run ? t`Replay: ${routeName} · ${direction}` : t`Replay`}
        subtitle={run ? t`Bus ${busNumber} · ${serviceDate}` : undefined}
        actions={
          <Link
            to="/school-admin/live"
            className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-ink"
          >
            <Trans>Back to the live board</Trans>
          </Link>
        }
      />
      <QueryState query={replay} loading={t`Loading the run…`} failed={t`The run could not be loaded.`}>
        {(data) => <Timeline replay={data} zone={zone} />}
      </QueryState>
    </>
  );
}
