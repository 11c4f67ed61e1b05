import { upgradeWebSocket } from "@hono/node-server";
import type { AppDeps } from "../deps.ts";
import type { LiveHub } from "../live/hub.ts";
import { nextWake, publish, runIngest, SerialQueue, type Watcher } from "../live/room.ts";
import { loadRunState } from "../services/live/run-state.ts";

/**
 * The live hub in process (Node entry, ADR 0055): the Durable Object's contract without Cloudflare.
 * Per run a serial queue (one batch or reload at a time, in order), its watchers' sockets (upgraded
 * by `@hono/node-server` on the same HTTP server, through the app's own route and checks), and one
 * timer for the stale mark and the end of the parents' window. A run with no watcher and nothing
 * queued is forgotten; the next batch or watcher reads it again from the database.
 */
type Room = { queue: SerialQueue; watchers: Set<Watcher>; timer: ReturnType<typeof setTimeout> | null };

export function createNodeLiveHub(getDeps: () => AppDeps): LiveHub & { close(): void } {
  const rooms = new Map<string, Room>();

  const roomOf = (runId: string): Room => {
    let room = rooms.get(runId);
    if (!room) {
      room = { queue: new SerialQueue(), watchers: new Set(), timer: null };
      rooms.set(runId, room);
    }
    return room;
  };

  const forgetIfIdle = (runId: string, room: Room) => {
    if (room.watchers.size === 0 && room.queue.idle) {
      if (room.timer) clearTimeout(room.timer);
      rooms.delete(runId);
    }
  };

  /**
   * Reads the run, tells its watchers (or only `newcomer`, who connected: the others have this view
   * already, and telling all of them at every connect would cost n² views), and arms the timer.
   */
  const refresh = (runId: string, room: Room, newcomer?: Watcher) =>
    room.queue.run(async () => {
      const deps = getDeps();
      const state = await loadRunState(deps.db, runId);
      const now = deps.now();
      publish(state, newcomer ? [newcomer] : room.watchers, now);
      arm(runId, room, nextWake(state, now), now);
    });

  const arm = (runId: string, room: Room, at: Date | null, now: Date) => {
    if (room.timer) clearTimeout(room.timer);
    room.timer = null;
    if (at && room.watchers.size > 0) {
      room.timer = setTimeout(() => void refresh(runId, room).catch(() => undefined), at.getTime() - now.getTime());
      room.timer.unref?.();
    }
  };

  return {
    async ingest(runId, caller, batch) {
      const room = roomOf(runId);
      try {
        return await room.queue.run(async () => {
          const deps = getDeps();
          const { answer, state } = await runIngest(deps, runId, caller, batch);
          if (state) {
            const now = deps.now();
            publish(state, room.watchers, now);
            arm(runId, room, nextWake(state, now), now);
          }
          return answer;
        });
      } finally {
        forgetIfIdle(runId, room);
      }
    },

    async watch(c, runId, tag) {
      let watcher: Watcher | null = null;
      const response = await upgradeWebSocket(() => ({
        onOpen(_event, ws) {
          watcher = {
            tag,
            send: (text) => ws.send(text),
            close: (code, reason) => ws.close(code, reason),
          };
          const room = roomOf(runId);
          room.watchers.add(watcher);
          // The view at once (resume from the run's current state), then after every change.
          void refresh(runId, room, watcher).catch(() => undefined);
        },
        onClose() {
          const room = rooms.get(runId);
          if (!room || !watcher) return;
          room.watchers.delete(watcher);
          forgetIfIdle(runId, room);
        },
      }))(c, async () => undefined);
      return response ?? c.json({ error: "Expected a WebSocket upgrade." }, 426);
    },

    async changed(runId) {
      const room = rooms.get(runId);
      if (room) await refresh(runId, room);
    },

    close() {
      for (const room of rooms.values()) {
        if (room.timer) clearTimeout(room.timer);
        for (const watcher of room.watchers) watcher.close(1001, "Server stopping");
      }
      rooms.clear();
    },
  };
}
