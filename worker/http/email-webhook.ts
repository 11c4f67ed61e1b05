import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { emailLogs } from "#db/schema/index.ts";
import { isWellFormedDeep, VALIDATION_ERROR } from "#shared/well-formed.ts";
import { constantTimeEqualText, fromBase64Url, toBase64Url } from "../auth/crypto.ts";
import type { Logger } from "../deps.ts";

/** Resend signs webhooks the Svix way; a delivery older than this is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  return fromBase64Url(base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
}

/**
 * Verifies `svix-signature` (`v1,<base64 HMAC-SHA256>` entries) over `${id}.${timestamp}.${body}`
 * with the endpoint secret (`whsec_<base64>`), within the timestamp tolerance.
 */
export async function verifySvixSignature(
  secret: string,
  headers: { id: string | undefined; timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now: Date,
): Promise<boolean> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const key = await crypto.subtle.importKey(
    "raw",
    base64ToBytes(secret.replace(/^whsec_/, "")),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${rawBody}`)),
  );
  const expected = toBase64Url(mac);
  return signature
    .split(" ")
    .map((entry) => entry.split(",", 2))
    .some(
      ([version, value]) =>
        version === "v1" &&
        value !== undefined &&
        constantTimeEqualText(value.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""), expected),
    );
}

const eventSchema = z.object({
  type: z.string(),
  created_at: z.string().optional(),
  data: z.object({ email_id: z.string().min(1) }).passthrough(),
});

/**
 * Applies a delivery event. Order-independent: timestamps are only ever set, and a bounce wins
 * over a delivery whatever order they arrive in.
 */
export async function applyEmailEvent(
  db: Db,
  event: z.infer<typeof eventSchema>,
  now: Date,
): Promise<"applied" | "ignored"> {
  const at = event.created_at && !Number.isNaN(Date.parse(event.created_at)) ? new Date(event.created_at) : now;
  const match = eq(emailLogs.providerMessageId, event.data.email_id);
  if (event.type === "email.delivered") {
    await db
      .update(emailLogs)
      .set({
        deliveredAt: sql`coalesce(${emailLogs.deliveredAt}, ${at.getTime()})`,
        status: sql`case when ${emailLogs.bouncedAt} is not null then 'bounced' else 'delivered' end`,
        updatedAt: now,
      })
      .where(match);
    return "applied";
  }
  if (event.type === "email.bounced") {
    await db
      .update(emailLogs)
      .set({ bouncedAt: sql`coalesce(${emailLogs.bouncedAt}, ${at.getTime()})`, status: "bounced", updatedAt: now })
      .where(match);
    return "applied";
  }
  return "ignored";
}

/** `/api/email/webhook`: provider delivery events, verified by signature on the raw body. */
export function emailWebhookRoutes(deps: { db: Db; secret: string | undefined; now: () => Date; logger: Logger }) {
  const app = new Hono();
  app.post("/", async (c) => {
    if (!deps.secret) return c.json({ error: "Not found" }, 404);
    const raw = await c.req.text();
    const valid = await verifySvixSignature(
      deps.secret,
      {
        id: c.req.header("svix-id"),
        timestamp: c.req.header("svix-timestamp"),
        signature: c.req.header("svix-signature"),
      },
      raw,
      deps.now(),
    );
    if (!valid) return c.json({ error: "Invalid signature" }, 400);
    // Signed but not an event we can apply: refused and logged (with the delivery's id), never a 500.
    const malformed = (issues: string[]) => {
      deps.logger.warn("email webhook: malformed event", { id: c.req.header("svix-id"), issues });
      return c.json({ error: "Malformed event" }, 400);
    };
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return malformed(["not JSON"]);
    }
    if (!isWellFormedDeep(json)) return c.json({ error: VALIDATION_ERROR }, 400);
    const parsed = eventSchema.safeParse(json);
    if (!parsed.success)
      return malformed(parsed.error.issues.map((issue) => `${issue.path.join(".") || "event"}: ${issue.message}`));
    const outcome = await applyEmailEvent(deps.db, parsed.data, deps.now());
    deps.logger.info("email webhook", { type: parsed.data.type, outcome });
    return c.json({ received: true });
  });
  return app;
}
