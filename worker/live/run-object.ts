import type { IngestBatch } from "#shared/live.ts";
import type { DurableObjectStateLike, HibernatableSocket } from "../platform.ts";
import { loadRunState } from "../services/live/run-state.ts";
import { runtime, type WorkerEnv } from "../worker-runtime.ts";
import type { LiveCaller } from "./hub.ts";
import { nextWake, publish, runIngest, SerialQueue, type Watcher } from "./room.ts";

/**
 * One live run in production (ADR 0055): a Durable Object named by the run's id. Watchers' sockets are
 * accepted with the WebSocket Hibernation API (`acceptWebSocket(ws, [tag])`), so an idle run costs
 * nothing while its sockets stay open; batches go through a serial queue, one at a time, and each
 * is fanned out to every socket (one view per tag). The alarm wakes the object to mark the bus stale
 * 60 s after its last position and to close parents' sockets 15 minutes after the end. The object
 * keeps only the run's id (for the alarm): every look reads the run from the database, so an object
 * that restarts (deploy, eviction) loses nothing and, notices being keyed, repeats none.
 */
export class LiveRun {
  private readonly queue = new SerialQueue();

  constructor(
    private readonly ctx: DurableObjectStateLike,
    private readonly env: WorkerEnv,
  ) {}

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const runId = url.searchParams.get("run");
    if (!runId) return new Response("run required", { status: 400 });
    if ((await this.ctx.storage.get<string>("runId")) !== runId) await this.ctx.storage.put("runId", runId);
    if (url.pathname === "/ingest" && request.method === "POST") {
      const { caller, batch } = (await request.json()) as { caller: LiveCaller; batch: IngestBatch };
      const answer = await this.queue.run(async () => {
        const deps = runtime(this.env).deps;
        const result = await runIngest(deps, runId, caller, batch);
        if (result.state) await this.tell(result.state, deps.now());
        return result.answer;
      });
      return Response.json(answer);
    }
    if (url.pathname === "/watch") {
      const tag = url.searchParams.get("tag");
      if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !tag)
        return new Response("Expected a WebSocket upgrade", { status: 426 });
      const Pair = (globalThis as unknown as { WebSocketPair: new () => Record<0 | 1, WebSocket> }).WebSocketPair;
      const pair = new Pair();
      this.ctx.acceptWebSocket(pair[1], [tag]);
      // The view at once, to the newcomer only: a watcher that reconnects resumes from the run's
      // current state, and the others, who have it, are not sent it again (n² views at n connects).
      await this.refresh(runId, pair[1] as unknown as HibernatableSocket);
      return new Response(null, { status: 101, webSocket: pair[0] } as ResponseInit);
    }
    if (url.pathname === "/changed") {
      await this.refresh(runId);
      return new Response(null, { status: 204 });
    }
    return new Response("Not found", { status: 404 });
  }

  async alarm(): Promise<void> {
    const runId = await this.ctx.storage.get<string>("runId");
    if (runId) await this.refresh(runId);
  }

  /** A watcher may ping; nothing else it sends is read. */
  webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    if (message === "ping") ws.send("pong");
  }

  webSocketClose(ws: WebSocket, code: number): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "Closed");
    } catch {
      // Already closed.
    }
  }

  private refresh(runId: string, newcomer?: HibernatableSocket): Promise<void> {
    return this.queue.run(async () => {
      const deps = runtime(this.env).deps;
      const state = await loadRunState(deps.db, runId);
      await this.tell(state, deps.now(), newcomer);
    });
  }

  /** Tells every socket (or only `newcomer`) its view, and sets or clears the alarm. */
  private async tell(
    state: Awaited<ReturnType<typeof loadRunState>>,
    now: Date,
    newcomer?: HibernatableSocket,
  ): Promise<void> {
    const sockets = this.ctx.getWebSockets();
    publish(
      state,
      (newcomer ? [newcomer] : sockets).map((ws) => this.watcher(ws)),
      now,
    );
    const wake = nextWake(state, now);
    if (wake && sockets.length > 0) await this.ctx.storage.setAlarm(wake);
    else await this.ctx.storage.deleteAlarm();
  }

  private watcher(ws: HibernatableSocket): Watcher {
    return {
      tag: this.ctx.getTags(ws)[0] ?? "",
      send: (text) => ws.send(text),
      close: (code, reason) => ws.close(code, reason),
    };
  }
}
