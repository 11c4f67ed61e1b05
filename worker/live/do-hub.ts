import type { DurableObjectNamespaceLike } from "../platform.ts";
import type { IngestAnswer, LiveHub, LiveRefusal } from "./hub.ts";

/**
 * The production hub (ADR 0055): one Durable Object per run (named by the run's id), reached through
 * its `fetch`. The Worker has authenticated the session and authorized the run before it forwards;
 * the object is not reachable from outside, so what it is handed is trusted.
 */
export const LIVE_OBJECT_ORIGIN = "https://live.internal";

export function durableObjectHub(namespace: DurableObjectNamespaceLike): LiveHub {
  const object = (runId: string) => namespace.get(namespace.idFromName(runId));
  const url = (path: string, params: Record<string, string>) =>
    `${LIVE_OBJECT_ORIGIN}${path}?${new URLSearchParams(params).toString()}`;
  return {
    async ingest(runId, caller, batch) {
      const response = await object(runId).fetch(
        new Request(url("/ingest", { run: runId }), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ caller, batch }),
        }),
      );
      return (await response.json()) as IngestAnswer | LiveRefusal;
    },
    async watch(c, runId, tag) {
      const answer = await object(runId).fetch(
        new Request(url("/watch", { run: runId, tag }), { headers: { Upgrade: "websocket" } }),
      );
      const webSocket = (answer as Response & { webSocket?: unknown }).webSocket;
      if (answer.status !== 101 || !webSocket) return c.json({ error: "Expected a WebSocket upgrade." }, 426);
      // A fresh response, so the app's middleware may add its headers (the object's are immutable).
      return new Response(null, { status: 101, webSocket } as ResponseInit);
    },
    async changed(runId) {
      await object(runId).fetch(new Request(url("/changed", { run: runId }), { method: "POST" }));
    },
  };
}
