import { encryptNotification, vapidHeaders } from "@block65/webcrypto-web-push";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { pushLogs, pushSubscriptions } from "#db/schema/index.ts";
import { pushPayload } from "#shared/push-constants.ts";
import type { Logger } from "#worker/deps.ts";
import type { VapidKeys } from "./vapid.ts";

/**
 * How the consumer sends a push: the VAPID keys and `fetch`. `localOrigin`: the local push service's
 * origin (http://localhost:…, local mode only), the one endpoint not on https that it may post to.
 */
export type PushSender = { vapid: VapidKeys; fetch: typeof fetch; localOrigin?: string };

export type PushDeliverDeps = { db: Db; now: () => Date; logger: Logger; push?: PushSender | null };

/** Why a push was not sent, recorded on its row. */
class PushRejected extends Error {
  override name = "PushRejected";
}

/**
 * The request of one push (RFC 8030): encrypted per RFC 8291 (aes128gcm) and signed with VAPID
 * (RFC 8292) by @block65/webcrypto-web-push, on WebCrypto. The library signs for https push
 * services only; the local push service's http endpoint is signed as its https twin (it checks the
 * signature and the key, not the audience).
 */
export async function pushRequest(
  sender: Pick<PushSender, "vapid" | "localOrigin">,
  subscription: { endpoint: string; p256dh: string; auth: string },
  data: string,
): Promise<RequestInit & { headers: Record<string, string> }> {
  const url = new URL(subscription.endpoint);
  const local = sender.localOrigin !== undefined && url.origin === sender.localOrigin;
  const signed = local ? subscription.endpoint.replace(/^http:/, "https:") : subscription.endpoint;
  const keys = { auth: subscription.auth, p256dh: subscription.p256dh };
  const { headers } = await vapidHeaders({ endpoint: signed, expirationTime: null, keys }, sender.vapid);
  const body = await encryptNotification(
    { endpoint: subscription.endpoint, expirationTime: null, keys },
    new TextEncoder().encode(data),
  );
  return {
    method: "POST",
    // A push service answers; it never sends the server on. Followed, a redirect from an endpoint the
    // browser named would take the server's request to any address, its own network's included.
    redirect: "manual",
    headers: {
      ...headers,
      ttl: String(24 * 60 * 60),
      urgency: "high",
      "content-encoding": "aes128gcm",
      "content-type": "application/octet-stream",
    },
    body,
  };
}

/**
 * Sends one push row. Idempotent: a row no longer pending is skipped. 2xx: sent. 404/410: the push
 * service no longer knows the subscription, so it is deleted (pruned) and the row is `gone`. Anything
 * else throws, so the queue retries it (and the dead-letter queue marks it failed).
 */
export async function deliverPush(deps: PushDeliverDeps, pushLogId: string): Promise<"sent" | "gone" | "skipped"> {
  const { db } = deps;
  const [row] = await db
    .select({
      log: pushLogs,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushLogs)
    .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, pushLogs.subscriptionId))
    .where(eq(pushLogs.id, pushLogId));
  if (row?.log.status !== "pending") return "skipped";
  const { log } = row;
  const finish = (status: "sent" | "gone", errorMessage: string | null) =>
    db
      .update(pushLogs)
      .set({
        status,
        errorMessage,
        attempts: sql`${pushLogs.attempts} + 1`,
        ...(status === "sent" ? { sentAt: deps.now() } : {}),
        updatedAt: deps.now(),
      })
      .where(and(eq(pushLogs.id, log.id), eq(pushLogs.status, "pending")));
  if (row.endpoint === null || row.p256dh === null || row.auth === null) {
    await finish("gone", "The device was removed before the push was sent");
    return "gone";
  }
  try {
    if (!deps.push) throw new PushRejected("Web push is not configured (no VAPID keys)");
    // The tag: one per notice (a device shows each; the same notice sent again replaces itself).
    const payload = pushPayload({ title: log.title, body: log.body, url: log.url, tag: `${log.kind}:${log.batchId}` });
    const init = await pushRequest(
      deps.push,
      { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth },
      JSON.stringify(payload),
    );
    const response = await deps.push.fetch(row.endpoint, init);
    if (response.status === 404 || response.status === 410) {
      await db.batch([
        db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, log.subscriptionId!)),
        finish("gone", `The push service answered ${response.status}: the subscription was removed`),
      ]);
      deps.logger.info("push: subscription pruned", { pushLogId: log.id, status: response.status });
      return "gone";
    }
    if (!response.ok) throw new PushRejected(`The push service answered ${response.status}`);
    await db.batch([
      finish("sent", null),
      db
        .update(pushSubscriptions)
        .set({ lastPushedAt: deps.now() })
        .where(eq(pushSubscriptions.id, log.subscriptionId!)),
    ]);
    return "sent";
  } catch (error) {
    await db
      .update(pushLogs)
      .set({
        errorMessage: String(error instanceof Error ? error.message : error).slice(0, 500),
        attempts: sql`${pushLogs.attempts} + 1`,
        updatedAt: deps.now(),
      })
      .where(eq(pushLogs.id, log.id));
    throw error;
  }
}

/** A push that ran out of retries (the dead-letter queue): failed for good. */
export async function markPushFailed(db: Db, pushLogId: string, now: Date): Promise<void> {
  await db
    .update(pushLogs)
    .set({ status: "failed", updatedAt: now })
    .where(and(eq(pushLogs.id, pushLogId), eq(pushLogs.status, "pending")));
}
