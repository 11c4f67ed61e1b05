/**
 * The live bench's server process (forked by tests/bench/live.ts, so the watchers' sockets and the
 * drivers do not share its event loop): the Node entry itself (`startNodeServer`: the app, its
 * in-process live hub and the `ws` upgrade on the same HTTP server) on the bench's database. On
 * `memory` it answers its heap after a full collection (run with `--expose-gc`), its RSS and the CPU
 * it has used (user + system, a figure the machine's other load does not inflate); exits on `stop`.
 */
import { startNodeServer } from "#worker/node.ts";

export type LiveServerStart = { port: number; databaseUrl: string };
export type LiveServerMemory = { heapUsedMb: number; rssMb: number; cpuMs: number };

process.once("message", async (message: LiveServerStart) => {
  const server = await startNodeServer({
    PORT: String(message.port),
    DATABASE_URL: message.databaseUrl,
    APP_URL: `http://localhost:${message.port}`,
  });
  process.send?.({ ready: true });
  process.on("message", async (next: { memory?: boolean; stop?: boolean }) => {
    if (next.memory) {
      (globalThis as { gc?: () => void }).gc?.();
      const usage = process.memoryUsage();
      const cpu = process.cpuUsage();
      process.send?.({
        memory: {
          heapUsedMb: usage.heapUsed / 2 ** 20,
          rssMb: usage.rss / 2 ** 20,
          cpuMs: (cpu.user + cpu.system) / 1000,
        } satisfies LiveServerMemory,
      });
    }
    if (next.stop) {
      await server.close();
      process.exit(0);
    }
  });
});
