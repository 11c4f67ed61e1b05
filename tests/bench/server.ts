/**
 * The bench's server process (forked by servers.ts, so the load generator does not share its event
 * loop): the app and the baseline over @hono/node-server, on one database (a file, or a URL the
 * database is served at over HTTP).
 * - the app on `createDatabase`'s client, as the Node entry builds it;
 * - the baseline on `@libsql/client` as it comes (the bare handler).
 * Waits for the baseline's statements on IPC, answers `ready`, exits on `stop`.
 */
import { serve } from "@hono/node-server";
import { createClient } from "@libsql/client";
import { createDatabase } from "#db/client.ts";
import { loopTurns } from "#worker/local/loop-turns.ts";
import { baselineApp, benchApp, type RecordedOp } from "./apps.ts";

export type ServerStart = { dbUrl: string; appPort: number; baselinePort: number; ops: Record<string, RecordedOp[]> };

process.once("message", (message: ServerStart) => {
  const db = createDatabase({ url: message.dbUrl });
  const appUrl = `http://localhost:${message.appPort}`;
  // Served as the Node entry serves the app: one gate on the loop's turns (ADR 0032).
  const gate = loopTurns();
  const app = serve({ fetch: gate(benchApp(db, appUrl).fetch), port: message.appPort });
  const stock = createClient({ url: message.dbUrl });
  const servers = [app, serve({ fetch: gate(baselineApp(stock, message.ops).fetch), port: message.baselinePort })];
  let listening = 0;
  const ready = () => {
    if (++listening === servers.length) process.send?.({ ready: true });
  };
  for (const server of servers) server.once("listening", ready);
  process.on("message", (next: { stop?: boolean }) => {
    if (!next.stop) return;
    for (const server of servers) server.close();
    db.$client.close();
    stock.close();
    process.exit(0);
  });
});
