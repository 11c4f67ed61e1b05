import { t } from "@lingui/core/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AttendanceStatus } from "#shared/live-constants.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useOnline } from "../../../lib/online.ts";
import { notify } from "../../../lib/toast.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { type LiveRunView, OutboundQueue, type QueueOptions, type SocketLike, watchRun } from "../../live/client.ts";
import { type Fix, fixOf, shouldSend } from "../../live/share-position.ts";

/**
 * The driver's open run (issue 28, ADR 0055): the outbound queue of positions and taps (kept in the
 * phone's storage, sent in order), the phone's position while the run is open and this page is
 * showing, the Screen Wake Lock, and the run as the engine sees it (a socket, polling when blocked).
 * Everything stops when the run ends or the page goes: the position is never shared in the background.
 */

/** What the driver's view of the run says (ADR 0055's RunView, dates as ISO strings). */
export type DriverLiveView = LiveRunView & {
  stops: { id: string; arrivedAt: string | null; departedAt: string | null }[];
  riders: {
    childId: string;
    /** The child's record now: the drop once made (a pickup's at the school), else the boarding. */
    attendance: { status: AttendanceStatus; at: string } | null;
    /** A pickup's boarding, kept once the child is dropped at the school. */
    boarding: { status: AttendanceStatus; at: string } | null;
  }[];
  position: { at: string } | null;
};

export type GeoState = "starting" | "sharing" | "denied" | "unavailable" | "unsupported" | "off";
export type WakeState = "on" | "unsupported" | "refused" | "off";
export type Tap = { status: AttendanceStatus; at: number; pending: boolean };

const browserClock = {
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (timer: unknown) => window.clearTimeout(timer as number),
};
const browserFetch = (url: string, init?: RequestInit) => window.fetch(url, init);

type OutboxHandlers = Pick<QueueOptions, "onPending" | "onRefused" | "onClosed">;
/**
 * One queue per run in this tab, kept when the page goes: what it holds still goes out, and a page
 * that comes back takes it over (two queues of one run would overwrite each other's storage).
 */
const outboxes = new Map<string, { queue: OutboundQueue; handlers: OutboxHandlers }>();

function outboxFor(runId: string) {
  let entry = outboxes.get(runId);
  if (!entry) {
    const handlers: OutboxHandlers = {};
    const queue = new OutboundQueue(runId, {
      storage: window.localStorage,
      fetch: browserFetch,
      clock: browserClock,
      onPending: (count) => handlers.onPending?.(count),
      onRefused: (refused) => handlers.onRefused?.(refused),
      onClosed: (status) => {
        outboxes.delete(runId);
        handlers.onClosed?.(status);
      },
    });
    entry = { queue, handlers };
    outboxes.set(runId, entry);
  }
  return entry;
}

/** The school's buses, for Start when the run's route has none. */
export function useDriverBuses(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.driver.runs.buses.queryOptions(), enabled });
}

/** Start: the run opens and the position sharing begins (the page follows `driver.runs.get`). */
export function useStartRun() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.driver.live.startRun.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.driver.runs.pathFilter()),
      onError: (error) => notify("error", t`Could not start the run`, errorMessage(error)),
    }),
  );
}

/** End run: the run closes to positions and taps (the queue is emptied first by the caller). */
export function useEndRun(onEnded: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.driver.live.endRun.mutationOptions({
      onSuccess: async () => {
        onEnded();
        await queryClient.invalidateQueries(trpc.driver.runs.pathFilter());
      },
      onError: (error) => notify("error", t`Could not end the run`, errorMessage(error)),
    }),
  );
}

/** The latest tap per child among the queue's items (not yet acknowledged by the server). */
function pendingTaps(queue: OutboundQueue | null): Map<string, Tap> {
  const taps = new Map<string, Tap>();
  for (const item of queue?.pending ?? [])
    if (item.kind === "tap") taps.set(item.childId, { status: item.status, at: item.at, pending: true });
  return taps;
}

/** The phone's side of an open run; `open` false (not started, ended) shares nothing. */
export function useDriverLiveRun(runId: string, open: boolean, startedAt: number | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<OutboundQueue | null>(null);
  const [waiting, setWaiting] = useState(0);
  const [refused, setRefused] = useState(0);
  const [view, setView] = useState<DriverLiveView | null>(null);
  const [geo, setGeo] = useState<GeoState>("off");
  const [wake, setWake] = useState<WakeState>("off");
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const [local, setLocal] = useState<ReadonlyMap<string, Tap>>(new Map());
  const latestFix = useRef<Fix | null>(null);
  const online = useOnline();

  // The queue: read back from storage (a reload loses nothing), sent at once and whenever signal returns.
  useEffect(() => {
    if (!open) return;
    const { queue: outbox, handlers } = outboxFor(runId);
    handlers.onPending = setWaiting;
    handlers.onRefused = (items) => setRefused((count) => count + items.length);
    // The run takes nothing more (cancelled by the school, or ended on another phone): read it again.
    handlers.onClosed = () => void queryClient.invalidateQueries(trpc.driver.runs.pathFilter());
    setQueue(outbox);
    setWaiting(outbox.pending.length);
    void outbox.flush();
    const flush = () => void outbox.flush();
    window.addEventListener("online", flush);
    return () => {
      window.removeEventListener("online", flush);
      handlers.onPending = handlers.onRefused = handlers.onClosed = undefined;
      setQueue(null);
    };
  }, [runId, open, queryClient, trpc]);

  // The run as the engine sees it (visits, recorded taps), resumed on every reconnect.
  useEffect(() => {
    if (!open) return;
    const watcher = watchRun(runId, {
      onRun: (run) => setView(run as DriverLiveView),
      socketOrigin: `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}`,
      // The DOM's handlers take an Event where the client's type says unknown; the client reads no more of it.
      openSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      fetch: browserFetch,
      clock: browserClock,
    });
    return () => watcher.close();
  }, [runId, open]);

  // The position: high accuracy, every 5 s moving and 30 s standing; stopped with the run or the page.
  useEffect(() => {
    if (!open || !queue) return;
    if (!("geolocation" in navigator)) {
      setGeo("unsupported");
      return;
    }
    setGeo("starting");
    let lastSent: { fix: Fix; sentAt: number } | null = null;
    const send = () => {
      const fix = latestFix.current;
      if (!fix || (startedAt !== null && fix.at < startedAt)) return;
      const now = Date.now();
      if (!shouldSend(lastSent, fix, now)) return;
      lastSent = { fix, sentAt: now };
      queue.add({ kind: "position", ...fix });
      setLastSentAt(now);
    };
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        latestFix.current = fixOf(position);
        setGeo("sharing");
        send();
      },
      (error) => setGeo(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
    );
    // The latest fix goes out once its interval is over, even when the phone reports no newer one.
    const tick = window.setInterval(send, 1_000);
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(tick);
      latestFix.current = null;
      setGeo("off");
    };
  }, [open, queue, startedAt]);

  // The screen stays on while the run is open and showing (re-acquired when the page shows again).
  useEffect(() => {
    if (!open) return;
    if (!("wakeLock" in navigator)) {
      setWake("unsupported");
      return;
    }
    let sentinel: WakeLockSentinel | null = null;
    let done = false;
    const acquire = async () => {
      if (document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request("screen");
        if (done) return void lock.release();
        sentinel = lock;
        setWake("on");
        lock.addEventListener("release", () => {
          if (!done) setWake("off");
        });
      } catch {
        if (!done) setWake("refused");
      }
    };
    void acquire();
    const onVisible = () => void acquire();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      done = true;
      document.removeEventListener("visibilitychange", onVisible);
      void sentinel?.release();
      setWake("off");
    };
  }, [open]);

  /** A tap at a stop: shown at once (from the queue), sent in order; a later tap of the same child wins. */
  const tap = useCallback(
    (childId: string, stopId: string, status: AttendanceStatus) => {
      if (!queue) return;
      const fix = latestFix.current;
      const at = Math.max(Date.now(), startedAt ?? 0);
      setLocal((taps) => new Map(taps).set(childId, { status, at, pending: true }));
      queue.add({
        kind: "tap",
        at,
        childId,
        stopId,
        status,
        latitude: fix?.latitude ?? null,
        longitude: fix?.longitude ?? null,
      });
    },
    [queue, startedAt],
  );

  /** Sends what is queued; resolves with what is still waiting (End run waits for an empty queue). */
  const flush = useCallback(async () => {
    if (!queue) return 0;
    // A batch may be on its way already (flush() then returns at once): wait for it a little.
    for (let attempt = 0; attempt < 10 && queue.pending.length > 0; attempt++) {
      await queue.flush();
      if (queue.pending.length === 0 || !navigator.onLine) break;
      await new Promise((resolve) => window.setTimeout(resolve, 300));
    }
    return queue.pending.length;
  }, [queue]);

  /** After End run: the queue is done with (it was empty), sharing has stopped with `open`. */
  const forget = useCallback(() => {
    queue?.stop();
    outboxes.delete(runId);
  }, [queue, runId]);

  // `waiting` changes whenever the queue does: the pending taps are read again then.
  const taps = useMemo(() => recordedTaps(view, local, pendingTaps(queue)), [view, local, queue, waiting]);
  return { view, taps, waiting, refused, online, geo, wake, lastSentAt, tap, flush, forget };
}

/**
 * Each child's latest tap, by the phone's clock: the server's record of what the driver taps (a
 * pickup's boarding, which stays once the school drop is made; a drop-off's drop), a tap made on this
 * page, or one still in the queue (after a reload); `pending` while the queue still holds one for the child.
 */
function recordedTaps(
  view: DriverLiveView | null,
  local: ReadonlyMap<string, Tap>,
  pending: ReadonlyMap<string, Tap>,
): Map<string, Tap> {
  const taps = new Map<string, Tap>();
  const offer = (childId: string, tap: Tap) => {
    const known = taps.get(childId);
    if (!known || tap.at >= known.at) taps.set(childId, tap);
  };
  for (const rider of view?.riders ?? []) {
    const record = rider.boarding ?? rider.attendance;
    if (record) offer(rider.childId, { status: record.status, at: Date.parse(record.at), pending: false });
  }
  for (const [childId, tap] of local) offer(childId, tap);
  for (const [childId, tap] of pending) offer(childId, tap);
  for (const [childId, tap] of taps) taps.set(childId, { ...tap, pending: pending.has(childId) });
  return taps;
}
