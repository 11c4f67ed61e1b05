import { APPROACH_MINUTES_CHOICES } from "#shared/live-constants.ts";
import type { StopEta } from "#shared/live-eta.ts";

/** The parts of a parent's run view whose change comes with a notice to that parent. */
export type NoticeSource = {
  status: string;
  startedAt: string | null;
  stale: boolean;
  stops: { id: string; arrivedAt: string | null; eta: StopEta | null }[];
  riders: { childId: string; attendance: { status: string; at: string } | null }[];
};

/** The lead time assumed before the parent's own is known: the longest, so no approach is missed. */
export const LEAD_MINUTES_UNKNOWN = Math.max(...APPROACH_MINUTES_CHOICES);

/**
 * Whether the view that came (`next`) tells of a notice the parent was just sent, so the bell's
 * unread count is read again now rather than at its next minute (ADR 0055's notices are written in
 * the same batch as the change the view shows): the run started or changed status (departed,
 * arrived, cancelled), a child's record is new, or one of the parent's stops is now within their
 * lead time (`leadMinutes`) from a live estimate. The first view of the page tells of nothing new.
 */
export function bringsNotice(prev: NoticeSource | null, next: NoticeSource, leadMinutes: number): boolean {
  if (prev === null) return false;
  if (prev.status !== next.status || prev.startedAt !== next.startedAt) return true;
  const tapOf = (view: NoticeSource, childId: string) => {
    const tap = view.riders.find((rider) => rider.childId === childId)?.attendance;
    return tap ? `${tap.status}@${tap.at}` : null;
  };
  if (next.riders.some((rider) => tapOf(next, rider.childId) !== tapOf(prev, rider.childId))) return true;
  const near = (view: NoticeSource, stopId: string) => {
    const stop = view.stops.find((row) => row.id === stopId);
    return (
      !view.stale &&
      !!stop &&
      stop.arrivedAt === null &&
      stop.eta !== null &&
      !stop.eta.passed &&
      stop.eta.minMinutes <= leadMinutes
    );
  };
  return next.stops.some((stop) => near(next, stop.id) && !near(prev, stop.id));
}
