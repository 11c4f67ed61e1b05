/**
 * The Worker's `queue` handler in workerd, with message batches from cloudflare:test: delivery of
 * outbox rows (email_logs, on the test database), acks, retries with backoff, and the
 * dead-letter queue.
 */
import { createExecutionContext, createMessageBatch, getQueueResult, type MessageBatchMessage } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailLogs } from "#db/schema/index.ts";
import type { WorkerEnv } from "#worker/index.ts";
import { TEST_SECRETS } from "./support/test-secrets.ts";
import { localEnv, productionEnv, testDb, unique, worker } from "./support/worker-env.ts";

const QUEUE = "schoolride-email";
const DEAD_LETTER_QUEUE = "schoolride-email-dlq";

async function insertPendingEmail(): Promise<string> {
  const id = crypto.randomUUID();
  await testDb()
    .insert(emailLogs)
    .values({
      id,
      emailType: "notification",
      recipientEmail: `${unique("parent")}@schoolride.test`,
      subject: "Bus 7 is running late",
      htmlBody: "<p>Bus 7 is running 10 minutes late.</p>",
      textBody: "Bus 7 is running 10 minutes late.",
    });
  return id;
}

async function emailRow(id: string) {
  const row = await testDb().query.emailLogs.findFirst({ where: eq(emailLogs.id, id) });
  if (!row) throw new Error(`email_logs row ${id} is missing`);
  return row;
}

function message(body: unknown, attempts = 1): MessageBatchMessage {
  return { id: unique("msg"), timestamp: new Date(), attempts, body };
}

/**
 * Runs the Worker's queue handler on a batch and returns what it acked and retried. The plugin's
 * `getQueueResult` (1.5.0) records that a message was retried but drops the `delaySeconds` it
 * was retried with, so `retry()` is spied on to capture the delays too.
 */
async function runQueue(queue: string, messages: MessageBatchMessage[], workerEnv: WorkerEnv) {
  const batch = createMessageBatch(queue, messages);
  const retrySpies = batch.messages.map((msg) => [msg.id, vi.spyOn(msg, "retry")] as const);
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv);
  const result = await getQueueResult(batch, ctx);
  const retryDelays = Object.fromEntries(
    retrySpies
      .filter(([, spy]) => spy.mock.calls.length > 0)
      .map(([id, spy]) => [id, spy.mock.calls.map(([options]) => options?.delaySeconds)]),
  );
  return { ...result, retryDelays };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("email queue consumer", () => {
  it("sends a pending row (local mailer), acks the message, and marks the row sent", async () => {
    const id = await insertPendingEmail();
    const msg = message({ kind: "email", emailLogId: id });
    const result = await runQueue(QUEUE, [msg], localEnv());

    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(result.retryDelays).toEqual({});
    const row = await emailRow(id);
    expect(row.status).toBe("sent");
    expect(row.providerMessageId).toBe(`local_${id}`);
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.errorMessage).toBeNull();
  });

  it("acks a message whose row does not exist, and a malformed message, without sending anything", async () => {
    const missing = message({ kind: "email", emailLogId: crypto.randomUUID() });
    const malformed = message({ kind: "sms", to: "+15550100" });
    const notJson = message("not an object");
    const result = await runQueue(QUEUE, [missing, malformed, notJson], localEnv());

    expect(result.explicitAcks.sort()).toEqual([missing.id, malformed.id, notJson.id].sort());
    expect(result.retryMessages).toEqual([]);
  });

  it("does not send a row twice: a second message for a sent row is acked and changes nothing", async () => {
    const id = await insertPendingEmail();
    await runQueue(QUEUE, [message({ kind: "email", emailLogId: id })], localEnv());
    const sent = await emailRow(id);

    const again = message({ kind: "email", emailLogId: id });
    const result = await runQueue(QUEUE, [again], localEnv());
    expect(result.explicitAcks).toEqual([again.id]);
    expect(await emailRow(id)).toEqual(sent);
  });

  it("retries a failed send with 30·2^attempts seconds of delay and records the error on the row", async () => {
    // Resend answers 500; every other request (the database) goes through.
    const realFetch = globalThis.fetch;
    const resendCalls: { url: string; headers: Headers }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith("https://api.resend.com/")) {
        resendCalls.push({ url, headers: new Headers(init?.headers) });
        return new Response('{"message":"internal error"}', { status: 500 });
      }
      return realFetch(input, init);
    });
    const first = await insertPendingEmail();
    const third = await insertPendingEmail();
    const firstMsg = message({ kind: "email", emailLogId: first }, 1);
    const thirdMsg = message({ kind: "email", emailLogId: third }, 3);
    // A fresh env object: the entry builds its mailer (and captures `fetch`) now, after the spy.
    const result = await runQueue(QUEUE, [firstMsg, thirdMsg], productionEnv());

    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((retry) => retry.msgId)).toEqual([firstMsg.id, thirdMsg.id]);
    expect(result.retryDelays).toEqual({ [firstMsg.id]: [60], [thirdMsg.id]: [240] });
    expect(resendCalls.map((call) => call.headers.get("idempotency-key"))).toEqual([first, third]);
    expect(resendCalls[0]!.headers.get("authorization")).toBe(`Bearer ${TEST_SECRETS.RESEND_API_KEY}`);

    for (const id of [first, third]) {
      const row = await emailRow(id);
      expect(row.status).toBe("pending");
      expect(row.errorMessage).toMatch(/^Resend answered 500/);
      expect(row.attempts).toBe(1);
      expect(row.providerMessageId).toBeNull();
    }
  });
});

describe("dead-letter queue consumer", () => {
  it("marks a pending row failed and acks; a row already sent stays sent", async () => {
    const pending = await insertPendingEmail();
    const alreadySent = await insertPendingEmail();
    await runQueue(QUEUE, [message({ kind: "email", emailLogId: alreadySent })], localEnv());

    const deadPending = message({ kind: "email", emailLogId: pending }, 6);
    const deadSent = message({ kind: "email", emailLogId: alreadySent }, 6);
    const deadMalformed = message({ nonsense: true }, 6);
    const result = await runQueue(DEAD_LETTER_QUEUE, [deadPending, deadSent, deadMalformed], localEnv());

    expect(result.explicitAcks.sort()).toEqual([deadPending.id, deadSent.id, deadMalformed.id].sort());
    expect(result.retryMessages).toEqual([]);
    const rows = await testDb()
      .select()
      .from(emailLogs)
      .where(inArray(emailLogs.id, [pending, alreadySent]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [pending]: "failed",
      [alreadySent]: "sent",
    });
  });
});

describe("dev mailbox", () => {
  it("lists a message the local mailer delivered", async () => {
    const id = await insertPendingEmail();
    await runQueue(QUEUE, [message({ kind: "email", emailLogId: id })], localEnv());
    const response = await worker.fetch(
      new Request("http://localhost:8787/dev/mailbox.json"),
      localEnv(),
      createExecutionContext(),
    );
    expect(response.status).toBe(200);
    const mailbox = (await response.json()) as { id: string; subject: string }[];
    expect(mailbox).toContainEqual(expect.objectContaining({ id, subject: "Bus 7 is running late" }));
  });
});
