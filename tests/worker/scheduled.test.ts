/**
 * The Worker's `scheduled` handler in workerd (hourly cron): its effect on the test database,
 * and that a second run in the same hour does nothing.
 */
import { createScheduledController } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cronRuns, emailLogs, sessions } from "#db/schema/index.ts";
import { CRON_JOBS } from "#worker/cron/scheduled.ts";
import type { QueueMessageBody } from "#worker/platform.ts";
import { productionEnv, testDb, unique, worker } from "./support/worker-env.ts";

const HOUR = 60 * 60_000;

async function insertSession(expiresAt: Date, now: Date): Promise<string> {
  const id = unique("session");
  await testDb()
    .insert(sessions)
    .values({
      id,
      secretHash: "0".repeat(64),
      userId: crypto.randomUUID(),
      userRole: "parent",
      remember: false,
      createdAt: new Date(now.getTime() - 2 * 24 * HOUR),
      lastSeenAt: new Date(now.getTime() - 2 * 24 * HOUR),
      expiresAt,
    });
  return id;
}

async function existingSessions(ids: string[]): Promise<string[]> {
  const rows = await testDb().select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids));
  return rows.map((row) => row.id).sort();
}

describe("hourly cron", () => {
  it("purges expired sessions, re-enqueues stale outbox rows, claims the hour, and skips a second run", async () => {
    const now = new Date();
    const period = now.toISOString().slice(0, 13);
    const expired = await insertSession(new Date(now.getTime() - HOUR), now);
    const live = await insertSession(new Date(now.getTime() + 24 * HOUR), now);
    const staleEmail = crypto.randomUUID();
    await testDb()
      .insert(emailLogs)
      .values({
        id: staleEmail,
        emailType: "notification",
        recipientEmail: `${unique("parent")}@schoolride.test`,
        subject: "Stuck in the outbox",
        htmlBody: "<p>x</p>",
        textBody: "x",
        createdAt: new Date(now.getTime() - 10 * 60_000),
      });

    // The queue producer is recorded instead of sent, so no consumer runs in the background.
    const sent: QueueMessageBody[] = [];
    const env = productionEnv({
      EMAIL_QUEUE: {
        send: async (body) => void sent.push(body),
        sendBatch: async (messages) => void sent.push(...[...messages].map((message) => message.body)),
      },
    });

    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "0 * * * *" }), env);

    expect(await existingSessions([expired, live])).toEqual([live]);
    const claims = await testDb().select().from(cronRuns).where(eq(cronRuns.period, period));
    // Every job claimed this hour and finished (a failed job gives its claim back).
    const jobNames = CRON_JOBS.map((job) => job.name).sort();
    expect(jobNames).toEqual(expect.arrayContaining(["purge-expired", "requeue-outbox"]));
    expect(claims.map((claim) => claim.job).sort()).toEqual(jobNames);
    for (const claim of claims) {
      expect(claim.startedAt.getTime()).toBe(now.getTime());
      expect(claim.finishedAt?.getTime()).toBe(now.getTime());
    }
    expect(sent).toContainEqual({ kind: "email", emailLogId: staleEmail });
    const requeued = await testDb().query.emailLogs.findFirst({ where: eq(emailLogs.id, staleEmail) });
    expect(requeued?.lastEnqueuedAt?.getTime()).toBe(now.getTime());

    // Same hour again: every job finds its claim and does nothing.
    const expiredAgain = await insertSession(new Date(now.getTime() - HOUR), now);
    await testDb().update(emailLogs).set({ lastEnqueuedAt: null }).where(eq(emailLogs.id, staleEmail));
    sent.length = 0;
    const later = new Date(now.getTime() + 1000);
    const secondRunTime = later.toISOString().slice(0, 13) === period ? later : now;

    await worker.scheduled(createScheduledController({ scheduledTime: secondRunTime, cron: "0 * * * *" }), env);

    expect(await existingSessions([expiredAgain, live])).toEqual([expiredAgain, live].sort());
    expect(sent).toEqual([]);
    const claimsAfter = await testDb().select().from(cronRuns).where(eq(cronRuns.period, period));
    expect(claimsAfter).toEqual(claims);
  });
});
