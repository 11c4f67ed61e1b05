import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#db/client.ts";
import {
  cronRuns,
  emailLogs,
  passwordResetTokens,
  registrationResumeTokens,
  sessions,
  verificationCodes,
} from "#db/schema/index.ts";
import { createSession } from "#worker/auth/session.ts";
import { CRON_JOBS, type CronJob, cronPeriod, OUTBOX_REQUEUE_AFTER_MS, runScheduled } from "#worker/cron/scheduled.ts";
import { FAILED_BODY } from "#worker/email/deliver.ts";
import { EmailProviderError, type Mailer, type OutgoingEmail } from "#worker/email/provider.ts";
import { InProcessQueue } from "#worker/local/queue.ts";
import type { QueueMessageBody } from "#worker/platform.ts";
import { consumeBatch, consumeDeadLetters, QUEUE_MAX_RETRIES, retryDelaySeconds } from "#worker/queue/consumer.ts";
import { createUser } from "../support/fixtures.ts";
import { createTestDb, DAY, HOUR, MINUTE, memoryLogger, TestClock } from "../support/harness.ts";

let db: Db;
let cleanup: () => void;
const clock = new TestClock();
/** The cron jobs here find nothing to refund: the SDK is never called. */
const stripe = new Stripe("sk_test_cron_unused");
beforeEach(async () => {
  ({ db, cleanup } = await createTestDb());
  clock.set(new Date("2026-03-02T09:15:00.000Z"));
});
afterEach(() => cleanup());

/** A mailer that fails the first `failures` sends, then succeeds; it records every send. */
function flakyMailer(failures: number): Mailer & { sent: OutgoingEmail[] } {
  let calls = 0;
  const sent: OutgoingEmail[] = [];
  return {
    name: "local",
    sent,
    async send(email) {
      calls++;
      if (calls <= failures) throw new EmailProviderError("provider answered 429", 429);
      sent.push(email);
      return { providerMessageId: `msg_${calls}` };
    },
  };
}

async function pendingEmail(createdAt = clock.now()) {
  const [row] = await db
    .insert(emailLogs)
    .values({
      emailType: "notification",
      recipientEmail: "p@example.com",
      subject: "Hello",
      htmlBody: "<p>Hi</p>",
      textBody: "Hi",
      createdAt,
    })
    .returning();
  return row!;
}

function queueWith(mailer: Mailer) {
  const deps = { db, mailer, now: clock.now, logger: memoryLogger() };
  return new InProcessQueue({
    consume: (batch) => consumeBatch(deps, batch),
    deadLetter: (batch) => consumeDeadLetters(deps, batch),
    maxRetries: QUEUE_MAX_RETRIES,
    delayScale: 0,
  });
}

describe("queue consumer (QU1)", () => {
  it("sends a pending outbox row once and records the provider id", async () => {
    const mailer = flakyMailer(0);
    const queue = queueWith(mailer);
    const row = await pendingEmail();
    await queue.send({ kind: "email", emailLogId: row.id });
    await queue.idle();
    const [after] = await db.select().from(emailLogs).where(eq(emailLogs.id, row.id));
    expect(after).toMatchObject({
      status: "sent",
      providerMessageId: "msg_1",
      attempts: 1,
      sentAt: clock.now(),
      errorMessage: null,
    });
    expect(mailer.sent).toEqual([
      { to: "p@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi", idempotencyKey: row.id },
    ]);
  });

  it("a duplicate message sends nothing twice", async () => {
    const mailer = flakyMailer(0);
    const queue = queueWith(mailer);
    const row = await pendingEmail();
    await queue.send({ kind: "email", emailLogId: row.id });
    await queue.idle();
    await queue.send({ kind: "email", emailLogId: row.id });
    await queue.idle();
    expect(mailer.sent).toHaveLength(1);
  });

  it("retries a failed send with backoff, records the error, then succeeds", async () => {
    const mailer = flakyMailer(2);
    const queue = queueWith(mailer);
    const row = await pendingEmail();
    await queue.send({ kind: "email", emailLogId: row.id });
    await queue.idle();
    const [after] = await db.select().from(emailLogs).where(eq(emailLogs.id, row.id));
    expect(after).toMatchObject({ status: "sent", attempts: 3, errorMessage: null });
    expect(mailer.sent).toHaveLength(1);
    expect([1, 2, 3].map(retryDelaySeconds)).toEqual([60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(12 * 3600);
  });

  it("QU1 after the retry limit the message is dead-lettered, the row is failed and its bodies (secrets) are scrubbed", async () => {
    const mailer = flakyMailer(Number.POSITIVE_INFINITY);
    const queue = queueWith(mailer);
    const row = await pendingEmail();
    await queue.send({ kind: "email", emailLogId: row.id });
    await queue.idle();
    const [after] = await db.select().from(emailLogs).where(eq(emailLogs.id, row.id));
    expect(after).toMatchObject({
      status: "failed",
      attempts: QUEUE_MAX_RETRIES + 1,
      errorMessage: "provider answered 429",
    });
    expect(after).toMatchObject({ htmlBody: FAILED_BODY, textBody: FAILED_BODY });
    expect(JSON.stringify(after)).not.toContain("<p>Hi</p>");
  });

  it("acks and retries per message: one failure in a batch retries only that one", async () => {
    const failing = new Set<string>();
    const mailer: Mailer = {
      name: "local",
      async send(email) {
        if (failing.has(email.idempotencyKey)) throw new Error("boom");
        return { providerMessageId: `ok_${email.idempotencyKey}` };
      },
    };
    const rows = await Promise.all(Array.from({ length: 10 }, () => pendingEmail()));
    failing.add(rows[7]!.id);
    const outcomes = new Map<string, string>();
    await consumeBatch(
      { db, mailer, now: clock.now, logger: memoryLogger() },
      {
        queue: "schoolride-email",
        messages: rows.map((row, i) => ({
          id: `m${i}`,
          body: { kind: "email", emailLogId: row.id },
          attempts: 1,
          ack: () => void outcomes.set(`m${i}`, "ack"),
          retry: (options) => void outcomes.set(`m${i}`, `retry:${options?.delaySeconds}`),
        })),
      },
    );
    expect([...outcomes.entries()].filter(([, outcome]) => outcome !== "ack")).toEqual([["m7", "retry:60"]]);
  });

  it("acks a malformed message instead of retrying it forever", async () => {
    let outcome = "";
    await consumeBatch(
      { db, mailer: flakyMailer(0), now: clock.now, logger: memoryLogger() },
      {
        queue: "schoolride-email",
        messages: [
          {
            id: "x",
            body: { kind: "nonsense" },
            attempts: 1,
            ack: () => void (outcome = "ack"),
            retry: () => void (outcome = "retry"),
          },
        ],
      },
    );
    expect(outcome).toBe("ack");
  });
});

describe("hourly cron (CR1)", () => {
  const logger = memoryLogger();

  it("purges expired sessions, codes, reset and registration resume tokens", async () => {
    const user = await createUser(db, "parent");
    const old = await createSession(db, {
      userId: user.id,
      role: "parent",
      remember: false,
      now: new Date(clock.now().getTime() - 31 * DAY),
    });
    const live = await createSession(db, { userId: user.id, role: "parent", remember: false, now: clock.now() });
    await db.insert(verificationCodes).values([
      {
        id: "c1",
        purpose: "email_verification",
        subjectId: "s",
        email: "a@b.c",
        codeHash: "h",
        expiresAt: new Date(clock.now().getTime() - MINUTE),
      },
      {
        id: "c2",
        purpose: "email_verification",
        subjectId: "s",
        email: "a@b.c",
        codeHash: "h",
        expiresAt: new Date(clock.now().getTime() + MINUTE),
      },
    ]);
    await db.insert(passwordResetTokens).values({
      id: "t1",
      tokenHash: "th",
      userId: user.id,
      userRole: "parent",
      email: user.email,
      expiresAt: new Date(clock.now().getTime() - MINUTE),
    });

    await db.insert(registrationResumeTokens).values([
      {
        id: "r1",
        tokenHash: "rh1",
        pendingSchoolId: "p",
        email: "a@b.c",
        expiresAt: new Date(clock.now().getTime() - MINUTE),
      },
      {
        id: "r2",
        tokenHash: "rh2",
        pendingSchoolId: "p",
        email: "a@b.c",
        expiresAt: new Date(clock.now().getTime() + MINUTE),
      },
    ]);

    const report = await runScheduled(
      { db, queue: { send: async () => {} }, logger, appUrl: "http://localhost:8787", stripe },
      clock.now(),
    );
    expect(report["purge-expired"]).toMatchObject({ sessions: 1, codes: 1, resetTokens: 1, resumeTokens: 1 });
    expect((await db.select().from(registrationResumeTokens)).map((r) => r.id)).toEqual(["r2"]);
    expect((await db.select().from(sessions)).map((s) => s.id)).toEqual([live.session.id]);
    expect(old.session.id).not.toBe(live.session.id);
    expect((await db.select().from(verificationCodes)).map((c) => c.id)).toEqual(["c2"]);
  });

  it("re-enqueues outbox rows pending for more than 5 minutes, once per run", async () => {
    const stale = await pendingEmail(new Date(clock.now().getTime() - OUTBOX_REQUEUE_AFTER_MS - 1));
    await pendingEmail(clock.now()); // fresh: its own enqueue is still expected
    const sent: string[] = [];
    const queue = {
      send: async (body: QueueMessageBody) => void sent.push(body.kind === "email" ? body.emailLogId : ""),
    };
    await runScheduled({ db, queue, logger, appUrl: "http://localhost:8787", stripe }, clock.now());
    expect(sent).toEqual([stale.id]);
    const [row] = await db.select().from(emailLogs).where(eq(emailLogs.id, stale.id));
    expect(row!.lastEnqueuedAt).toEqual(clock.now());
  });

  it("is idempotent: a second run in the same hour changes nothing", async () => {
    const stale = await pendingEmail(new Date(clock.now().getTime() - HOUR));
    const sent: string[] = [];
    const queue = {
      send: async (body: QueueMessageBody) => void sent.push(body.kind === "email" ? body.emailLogId : ""),
    };
    await runScheduled({ db, queue, logger, appUrl: "http://localhost:8787", stripe }, clock.now());
    clock.advance(30 * MINUTE);
    const second = await runScheduled({ db, queue, logger, appUrl: "http://localhost:8787", stripe }, clock.now());
    expect(Object.values(second).every((entry) => entry === "skipped")).toBe(true);
    expect(sent).toEqual([stale.id]);
    expect(await db.select().from(cronRuns)).toHaveLength(CRON_JOBS.length);
    // The next hour runs again (catch-up is state-based: everything past its time).
    clock.advance(HOUR);
    await runScheduled({ db, queue, logger, appUrl: "http://localhost:8787", stripe }, clock.now());
    expect(sent).toEqual([stale.id, stale.id]);
  });

  it("a failed job gives its claim back so the next run retries it", async () => {
    let calls = 0;
    const flaky: CronJob = {
      name: "flaky",
      async run() {
        calls++;
        if (calls === 1) throw new Error("database timeout");
        return { done: 1 };
      },
    };
    const deps = { db, queue: { send: async () => {} }, logger, appUrl: "http://localhost:8787", stripe };
    expect((await runScheduled(deps, clock.now(), [flaky])).flaky).toBe("failed");
    expect((await runScheduled(deps, clock.now(), [flaky])).flaky).toEqual({ done: 1 });
    expect((await runScheduled(deps, clock.now(), [flaky])).flaky).toBe("skipped");
    expect(cronPeriod(clock.now())).toBe("2026-03-02T09");
  });
});
