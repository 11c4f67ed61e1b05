import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { TripStatus } from "#shared/enums.ts";
import type { AttendanceStatus } from "#shared/live-constants.ts";
import type { StopEta } from "#shared/live-eta.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { type LiveRunView, type SocketLike, type WatchStatus, watchRun } from "./client.ts";
import { bringsNotice, LEAD_MINUTES_UNKNOWN } from "./notice-news.ts";
import { parentPreferencesQuery } from "./queries.ts";
import { takeRunRead } from "./run-read.ts";

/**
 * A parent's view of a run as `/api/live` sends it (ADR 0055: the bus, their own children and their
 * children's stops only), instants as ISO strings. Only what the live view reads.
 */
export type ParentRunView = LiveRunView & {
  routeName: string;
  direction: "pickup" | "dropoff";
  busNumber: string;
  status: TripStatus;
  startedAt: string | null;
  endedAt: string | null;
  finish: { stopName: string | null; arrivedAt: string } | null;
  stale: boolean;
  ageSeconds: number | null;
  position: { latitude: number; longitude: number; accuracy: number; at: string } | null;
  stops: {
    id: string;
    name: string;
    latitude: number;
    longitude: number;
    scheduledAt: string;
    arrivedAt: string | null;
    departedAt: string | null;
    eta: StopEta | null;
  }[];
  riders: {
    childId: string;
    name: string;
    stopId: string;
    notRiding: boolean;
    /** The child's record now: the drop once made, else the boarding. */
    attendance: RiderEvent | null;
    /** A pickup's boarding (boarded or absent), kept once the child is dropped at the school. */
    boarding: RiderEvent | null;
  }[];
};

type RiderEvent = {
  status: AttendanceStatus;
  at: string;
  latitude: number | null;
  longitude: number | null;
  stopName: string | null;
};

export type LiveRunState = {
  view: ParentRunView | null;
  /** When (this page's clock) the view arrived: the position's age goes on from the server's figure. */
  receivedAt: number;
  status: WatchStatus;
  /** The run is not (or no longer) the viewer's to watch: over 15 minutes ago, cancelled, or not theirs. */
  gone: boolean;
  /** The first read failed for another reason (offline); the watcher keeps trying. */
  failed: boolean;
};

/**
 * The run, read once at once (the text comes before any socket opens) and then watched: a WebSocket
 * that reconnects with backoff, or polling (web/src/features/live/client.ts). When the watcher
 * closes (the server's 4403: the 15 minutes after the end are over), the run is read again to say why.
 */
export function useWatchedRun(runId: string): LiveRunState {
  const [state, setState] = useState<LiveRunState>({
    view: null,
    receivedAt: 0,
    status: "connecting",
    gone: false,
    failed: false,
  });

  useEffect(() => {
    let active = true;
    const receive = (view: LiveRunView) => {
      if (active) setState((now) => ({ ...now, view: view as ParentRunView, receivedAt: Date.now(), failed: false }));
    };
    const read = async () => {
      try {
        const response = await takeRunRead(runId);
        if (!active) return;
        if (response.status === 404 || response.status === 401 || response.status === 403) {
          setState((now) => ({ ...now, gone: true, status: "closed" }));
          return false;
        }
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { unchanged: boolean; run?: LiveRunView };
        if (body.run) receive(body.run);
        return true;
      } catch {
        if (active) setState((now) => ({ ...now, failed: true }));
        return true;
      }
    };
    let watcher: { close(): void } | null = null;
    void read().then((watchable) => {
      if (!active || !watchable) return;
      const scheme = location.protocol === "https:" ? "wss:" : "ws:";
      watcher = watchRun(runId, {
        onRun: receive,
        onStatus: (status) => {
          if (!active) return;
          setState((now) => ({ ...now, status }));
          if (status === "closed") void read();
        },
        socketOrigin: `${scheme}//${location.host}`,
        // The DOM types its handlers with `this: WebSocket`; the watcher sets and calls them as plain functions.
        openSocket: (url) => new WebSocket(url) as unknown as SocketLike,
        fetch: (url, init) => fetch(url, init),
        clock: {
          setTimeout: (callback, ms) => setTimeout(callback, ms),
          clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
        },
      });
    });
    return () => {
      active = false;
      watcher?.close();
    };
  }, [runId]);

  return state;
}

/**
 * The bell follows the run: a view telling of a notice just sent to this parent (a child's record,
 * the bus within their lead time, the run departed or cancelled) has their inbox and its unread
 * count read again at once, instead of at the bell's next minute. No polling of its own.
 */
export function useBellFollowsRun(view: ParentRunView | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lead = useQuery(parentPreferencesQuery(trpc)).data?.approachMinutes ?? LEAD_MINUTES_UNKNOWN;
  const last = useRef<ParentRunView | null>(null);
  useEffect(() => {
    if (view === null) return;
    if (bringsNotice(last.current, view, lead))
      void queryClient.invalidateQueries({ queryKey: trpc.parent.notifications.pathKey() });
    last.current = view;
  }, [view, lead, queryClient, trpc]);
}

/** The current time, once a second (the position's age ticks). */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
