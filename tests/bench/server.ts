/**
 * The bench's server process (forked by servers.ts, so the load generator does not share its event
 * loop): the app and the baselines over @hono/node-server, on one database file.
 * - the app on `createDatabase`'s client, as the Node entry builds it (its reads through statements
 *   prepared once, ADR 0033);
 * - the baseline on `@libsql/client` as it comes (the bare handler: each call prepares its SQL);
 * - with `preparedBaselinePort`, the same baseline on the app's client: what the app's layers cost
 *   over the same reads.
 * Waits for the baseline's statements on IPC, answers `ready`, exits on `stop`.
 */
import { serve } from "@hono/node-server";
import { createClient } from "@libsql/client";
import { createDatabase } from "../../db/client.ts";
import { loopTurns } from "../../worker/local/loop-turns.ts";
import { baselineApp, benchApp, type RecordedOp } from "./apps.ts";

export type ServerStart = { dbUrl: string; appPort: number; baselinePort: number; preparedBaselinePort?: number; ops: Record<string, RecordedOp[]> };

process.once("message", (message: ServerStart) => {
  const db = createDatabase({ url: message.dbUrl });
  const appUrl = `http://localhost:${message.appPort}`;
  // Served as the Node entry serves the app: one gate on the loop's turns (ADR 0032).
  const gate = loopTurns();
  const app = serve({ fetch: gate(benchApp(db, appUrl).fetch), port: message.appPort });
  const stock = createClient({ url: message.dbUrl });
  const servers = [app, serve({ fetch: gate(baselineApp(stock, message.ops).fetch), port: message.baselinePort })];
  if (message.preparedBaselinePort) servers.push(serve({ fetch: gate(baselineApp(db.$client, message.ops).fetch), port: message.preparedBaselinePort }));
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
