/**
 * Cloudflare Worker entry: `fetch`, `queue` and `scheduled`. Turso over HTTP (libSQL's web
 * client), Cloudflare Queues with a dead-letter queue, an hourly Cron Trigger, the SPA as assets.
 *
 * The default export and the live hub's Durable Object class are the only values this module may
 * export: workerd treats every named export of the main module as an entrypoint and refuses to start
 * (and Cloudflare refuses the upload) when one is not a handler or a Durable Object class. Types are
 * fine (they are erased); constants belong in platform.ts, the dependencies in worker-runtime.ts.
 */
import { runScheduled } from "./cron/scheduled.ts";
import { DEAD_LETTER_QUEUE, type QueueBatch, type WaitUntil } from "./platform.ts";
import { consumeBatch, consumeDeadLetters } from "./queue/consumer.ts";
import { runtime, type WorkerEnv } from "./worker-runtime.ts";

export { LiveRun } from "./live/run-object.ts";
export type { WorkerEnv } from "./worker-runtime.ts";

export default {
  fetch(request: Request, env: WorkerEnv, ctx: WaitUntil): Response | Promise<Response> {
    return runtime(env).app.fetch(request, env, ctx as never);
  },

  async queue(batch: QueueBatch, env: WorkerEnv): Promise<void> {
    const { deps } = runtime(env);
    const push = deps.config.vapid
      ? { vapid: deps.config.vapid, fetch: (...args: Parameters<typeof fetch>) => fetch(...args) }
      : null;
    const consumerDeps = { db: deps.db, mailer: deps.mailer, now: deps.now, logger: deps.logger, push };
    if (batch.queue === DEAD_LETTER_QUEUE) await consumeDeadLetters(consumerDeps, batch);
    else await consumeBatch(consumerDeps, batch);
  },

  async scheduled(controller: { scheduledTime: number }, env: WorkerEnv): Promise<void> {
    const { deps } = runtime(env);
    await runScheduled(
      { db: deps.db, queue: deps.queue, logger: deps.logger, appUrl: deps.config.appUrl, stripe: deps.stripe },
      new Date(controller.scheduledTime),
    );
  },
};
