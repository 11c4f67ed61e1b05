import { i18n } from "@lingui/core";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { History, Play, Users } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { punctuality, ridersOnBoard } from "#shared/live-board.ts";
import { formatAge, LIVE_STALE_AFTER_MS } from "#shared/live-eta.ts";
import { BoardMap } from "../../../components/map/BoardMap.tsx";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/buttons.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { PageHeader, PageSection } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import {
  type BoardRun,
  type BoardView,
  useLiveRuns,
  useSecondTick,
  useSimulator,
  useWatchedRuns,
} from "../../../features/live-board/hooks.ts";
import { TripStatusBadge } from "../../../features/trips/labels.tsx";
import { zonedTime } from "../../../features/trips/zoned-format.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { useSchoolZone } from "../../../lib/school-zone.ts";

/** How old the last position is, counted on between messages; stale from 60 s (never shown as live). */
function freshness(view: BoardView | undefined, now: number): { stale: boolean; text: string } {
  if (!view?.position) return { stale: true, text: t`No position yet` };
  const seconds = Math.max(0, (now - new Date(view.position.at).getTime()) / 1000);
  const stale = view.stale || seconds * 1000 >= LIVE_STALE_AFTER_MS;
  const age = formatAge(seconds, i18n);
  return { stale, text: stale ? t`Stale: ${age}` : age };
}

function RunCard({ run, view, now, zone }: { run: BoardRun; view: BoardView | undefined; now: number; zone: string }) {
  const { t } = useLingui();
  const open = view ? view.startedAt !== null && view.endedAt === null && view.status !== "cancelled" : run.open;
  const late = punctuality(view?.delaySeconds ?? run.delaySeconds);
  const fresh = freshness(view, now);
  const onBoard = view ? ridersOnBoard(view, view.riders) : null;
  const lastStop = view?.stops.filter((stop) => stop.arrivedAt).at(-1);
  const { routeName, busNumber, driverName } = run;
  const direction = sharedText(ROUTE_DIRECTION_LABELS[run.direction]);
  const departs = zonedTime(run.departureTime, zone);
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-4"
      aria-label={t`${routeName} ${direction}, bus ${busNumber}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-ink wrap-anywhere">
          {run.routeName} · {sharedText(ROUTE_DIRECTION_LABELS[run.direction])}
        </h3>
        <TripStatusBadge status={(view?.status as BoardRun["status"]) ?? run.status} />
      </div>
      <p className="text-sm text-slate-600">
        <Trans>
          Bus {busNumber} · {driverName} · departs <span className="whitespace-nowrap">{departs}</span>
        </Trans>
      </p>
      {open ? (
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">
              <Trans>Timing</Trans>
            </dt>
            <dd className="font-medium">
              {late ? <Badge tone={late.late ? "red" : "green"}>{late.label}</Badge> : t`Not known yet`}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">
              <Trans>On board</Trans>
            </dt>
            <dd className="font-medium" data-testid="on-board">
              {onBoard ?? "…"}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">
              <Trans>Position</Trans>
            </dt>
            <dd className={fresh.stale ? "font-medium text-amber-900" : "font-medium"} data-testid="freshness">
              {fresh.text}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">
              <Trans>Last stop</Trans>
            </dt>
            <dd className="font-medium wrap-anywhere" data-testid="last-stop">
              {lastStop?.name ?? t`None yet`}
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="mt-2 text-sm">
        <Link
          to={`/school-admin/live/runs/${run.runId}`}
          className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 underline underline-offset-2"
        >
          <History aria-hidden="true" className="h-4 w-4" />
          <Trans>Replay</Trans>
          <span className="sr-only">
            {" "}
            <Trans>
              {routeName}, bus {busNumber}
            </Trans>
          </span>
        </Link>
      </p>
    </li>
  );
}

/** The school admin's live board (issue 28): every open run on a map and in a list, live over the sockets. */
export default function LiveBoardPage() {
  const { t } = useLingui();
  usePageTitle(t`Live board`);
  const zone = useSchoolZone() ?? "UTC";
  const [date, setDate] = useState("");
  const runs = useLiveRuns(date || undefined);
  const list = runs.data?.runs ?? [];
  const openIds = useMemo(() => list.filter((run) => run.open).map((run) => run.runId), [list]);
  const views = useWatchedRuns(openIds);
  const now = useSecondTick();
  const simulator = useSimulator();
  const buses = useMemo(
    () =>
      list.flatMap((run) => {
        const view = views.get(run.runId);
        if (!run.open || !view?.position) return [];
        return [
          {
            id: run.runId,
            label: run.busNumber,
            lat: view.position.latitude,
            lng: view.position.longitude,
            stale: view.stale,
          },
        ];
      }),
    [list, views],
  );
  const open = list.filter((run) => run.open || views.get(run.runId)?.startedAt);
  const others = list.filter((run) => !open.includes(run));
  return (
    <>
      <PageHeader
        title={t`Live board`}
        subtitle={t`Every open run of the school, live: where each bus is, how late, who is on board.`}
        actions={
          <>
            <Link
              to="/school-admin/live/attendance"
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-ink"
            >
              <Users aria-hidden="true" className="h-4 w-4" />
              <Trans>Attendance</Trans>
            </Link>
            {simulator.available ? (
              <Button disabled={simulator.start.isPending} onClick={() => simulator.start.mutate()}>
                <Play aria-hidden="true" className="h-4 w-4" />
                <Trans>Simulate a run (dev only)</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      {simulator.start.error ? (
        <p role="alert" className="mb-4 text-sm text-red-800">
          {simulator.start.error.message}
        </p>
      ) : null}
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium text-ink">
          <Trans>Day</Trans>
          <input
            type="date"
            value={date || runs.data?.date || ""}
            onChange={(event) => setDate(event.target.value)}
            className="ms-2 min-h-11 rounded-md border border-slate-300 px-2"
          />
        </label>
      </div>
      <BoardMap label={t`Map of the open runs' buses`} buses={buses} className="h-64 sm:h-96" />
      <QueryState query={runs} loading={t`Loading the runs…`} failed={t`The runs could not be loaded.`}>
        {() => (
          <>
            <PageSection id="open-runs" title={t`Open runs`} className="mt-6">
              {open.length === 0 ? (
                <EmptyState title={t`No run is open`}>
                  <Trans>A run appears here when its driver starts it.</Trans>
                </EmptyState>
              ) : (
                <ul className="grid gap-3 lg:grid-cols-2" aria-live="off">
                  {open.map((run) => (
                    <RunCard key={run.runId} run={run} view={views.get(run.runId)} now={now} zone={zone} />
                  ))}
                </ul>
              )}
            </PageSection>
            <PageSection id="other-runs" title={t`Other runs of the day`} className="mt-6">
              {others.length === 0 ? (
                <p className="text-sm text-slate-600">
                  <Trans>None.</Trans>
                </p>
              ) : (
                <ul className="grid gap-3 lg:grid-cols-2">
                  {others.map((run) => (
                    <RunCard key={run.runId} run={run} view={undefined} now={now} zone={zone} />
                  ))}
                </ul>
              )}
            </PageSection>
          </>
        )}
      </QueryState>
    </>
  );
}
