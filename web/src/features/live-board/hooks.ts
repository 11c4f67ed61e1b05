import { t } from "@lingui/core/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { type LiveRunView, type SocketLike, watchRun } from "../live/client.ts";

export type BoardRun = RouterOutputs["schoolAdmin"]["live"]["runs"]["runs"][number];
export type Replay = RouterOutputs["schoolAdmin"]["live"]["replay"];
export type AttendanceRow = RouterOutputs["schoolAdmin"]["live"]["attendance"]["rows"][number];

/** What the board reads of a run's live view (the admin audience's; dates as ISO strings). */
export type BoardView = LiveRunView & {
  direction: "pickup" | "dropoff";
  status: string;
  startedAt: string | null;
  endedAt: string | null;
  stale: boolean;
  ageSeconds: number | null;
  delaySeconds: number | null;
  position: { latitude: number; longitude: number; at: string } | null;
  stops: { id: string; name: string; position: number; arrivedAt: string | null; departedAt: string | null }[];
  riders: { childId: string; notRiding: boolean; attendance: { status: "boarded" | "absent" | "dropped" } | null }[];
};

/** The school's runs of a day; today's list is asked again every 30 s (a run that starts joins the board). */
export function useLiveRuns(date?: string) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.schoolAdmin.live.runs.queryOptions(date ? { date } : {}),
    refetchInterval: date ? false : 30_000,
  });
}

/** Watches every run in `runIds` over its socket (admin audience, ADR 0055): the latest view of each. */
export function useWatchedRuns(runIds: readonly string[]): ReadonlyMap<string, BoardView> {
  const [views, setViews] = useState<ReadonlyMap<string, BoardView>>(new Map());
  const key = [...runIds].sort().join(",");
  useEffect(() => {
    const ids = key ? key.split(",") : [];
    const socketOrigin = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}`;
    const watchers = ids.map((runId) =>
      watchRun(runId, {
        socketOrigin,
        openSocket: (url) => new WebSocket(url) as unknown as SocketLike,
        fetch: (url, init) => fetch(url, { credentials: "same-origin", ...init }),
        clock: {
          setTimeout: (callback, ms) => window.setTimeout(callback, ms),
          clearTimeout: (timer) => window.clearTimeout(timer as number),
        },
        onRun: (run) =>
          setViews((before) => {
            const next = new Map(before);
            next.set(runId, run as BoardView);
            return next;
          }),
      }),
    );
    return () => {
      for (const watcher of watchers) watcher.close();
    };
  }, [key]);
  return views;
}

/** Re-renders every second: "updated 12 s ago" counts on between messages. */
export function useSecondTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function useReplay(runId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.live.replay.queryOptions({ runId }));
}

export function useAttendanceReport(date: string | undefined, routeId: string | null) {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.live.attendance.queryOptions({ ...(date ? { date } : {}), routeId }));
}

const SIMULATE = "/dev/live/simulate";

/**
 * DEV ONLY: "Simulate a run". The server has the endpoint in local mode only (404 elsewhere): the
 * button shows when it answers.
 */
export function useSimulator() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const available = useQuery({
    queryKey: ["dev", "simulate"],
    queryFn: async () => {
      const response = await fetch(SIMULATE, { credentials: "same-origin" });
      return response.ok ? ((await response.json()) as { runId: string | null }) : null;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const start = useMutation({
    mutationFn: async () => {
      const response = await fetch(SIMULATE, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const body = (await response.json()) as { runId?: string; error?: string };
      if (!response.ok) throw new Error(body.error ?? t`The simulation could not start.`);
      return body;
    },
    onSuccess: () => queryClient.invalidateQueries(trpc.schoolAdmin.live.pathFilter()),
  });
  return { available: available.data !== undefined && available.data !== null, start };
}
