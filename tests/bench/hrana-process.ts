/**
 * The database served over HTTP for the bench's production-path section: the project's Hrana
 * server (scripts/hrana, what `npm run dev:worker` serves the Worker's database with, standing in
 * for Turso) in a process of its own, so its CPU is never counted as the app's. Forked by
 * http-path.ts: gets the file on IPC, answers its URL, exits on `stop`.
 */
import { startHranaServer } from "../../scripts/hrana/server.ts";

export type HranaStart = { file: string };

process.once("message", async (message: HranaStart) => {
  const server = await startHranaServer({ file: message.file });
  process.send?.({ url: server.url });
  process.on("message", async (next: { stop?: boolean }) => {
    if (!next.stop) return;
    await server.close();
    process.exit(0);
  });
});
