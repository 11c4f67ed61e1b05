import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emailLogs } from "#db/schema/index.ts";
import { toBase64Url } from "#worker/auth/crypto.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

const SECRET_BYTES = new TextEncoder().encode("a webhook signing secret of 32 b");
const SECRET = `whsec_${btoa(String.fromCharCode(...SECRET_BYTES))}`;

async function sign(id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", SECRET_BYTES, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)),
  );
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({
    env: {
      APP_URL: "https://app.example.com",
      DATABASE_URL: "libsql://x.turso.io",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_stripe",
      STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_stripe_connect",
      RESEND_API_KEY: "re_x",
      RESEND_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_STARTER: "price_s",
      STRIPE_PRICE_PROFESSIONAL: "price_p",
      STRIPE_PRICE_ENTERPRISE: "price_e",
      DEVICE_COOKIE_SECRET: "device-cookie-secret-of-the-test-suite",
      VAPID_PUBLIC_KEY: "BHzaghuMgJEGtzpJ81xY7quoD92A-1iOrhm61QB-pLSQ7P-NxiA40x6aJf58bl6GHZ62AAQQPP3zBSi36bT9agQ",
      VAPID_PRIVATE_KEY: "Sj5l6jjGSzb6oFPplE920Rp376M-mY2bANS-cSZZHOU",
    },
  });
  await t.db.insert(emailLogs).values({
    id: "log1",
    emailType: "parent_invite",
    recipientEmail: "p@example.com",
    subject: "s",
    htmlBody: "h",
    textBody: "t",
    status: "sent",
    providerMessageId: "re_msg_1",
  });
});
afterEach(() => t.close());

async function post(
  type: string,
  options: { tamper?: boolean; ageSeconds?: number; createdAt?: string; emailId?: string } = {},
) {
  const body = JSON.stringify({
    type,
    created_at: options.createdAt,
    data: { email_id: options.emailId ?? "re_msg_1" },
  });
  const timestamp = Math.floor(t.clock.now().getTime() / 1000) - (options.ageSeconds ?? 0);
  const signature = await sign("msg_1", timestamp, body);
  return t.app.request("https://app.example.com/api/email/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": "msg_1",
      "svix-timestamp": String(timestamp),
      "svix-signature": signature,
    },
    body: options.tamper ? body.replace("re_msg_1", "re_msg_2") : body,
  });
}

/** A signed delivery of any body (`post` builds a well-formed event). */
async function signedPost(id: string, body: string) {
  const timestamp = Math.floor(t.clock.now().getTime() / 1000);
  return t.app.request("https://app.example.com/api/email/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(timestamp),
      "svix-signature": await sign(id, timestamp, body),
    },
    body,
  });
}

const row = async () => (await t.db.select().from(emailLogs).where(eq(emailLogs.id, "log1")))[0]!;

describe("e-mail provider webhook", () => {
  it("a signed delivered event stamps delivered_at and the status", async () => {
    const response = await post("email.delivered", { createdAt: "2026-03-02T09:01:00.000Z" });
    expect(response.status).toBe(200);
    expect(await row()).toMatchObject({ status: "delivered", deliveredAt: new Date("2026-03-02T09:01:00.000Z") });
  });

  it("a bounce wins over a delivery, in either order", async () => {
    await post("email.bounced");
    await post("email.delivered");
    expect(await row()).toMatchObject({ status: "bounced" });
    expect((await row()).bouncedAt).not.toBeNull();
    expect((await row()).deliveredAt).not.toBeNull();
  });

  it("refuses a tampered body, a stale timestamp and a missing signature, changing nothing", async () => {
    expect((await post("email.bounced", { tamper: true })).status).toBe(400);
    expect((await post("email.bounced", { ageSeconds: 301 })).status).toBe(400);
    const unsigned = await t.app.request("https://app.example.com/api/email/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "email.bounced", data: { email_id: "re_msg_1" } }),
    });
    expect(unsigned.status).toBe(400);
    expect(await row()).toMatchObject({ status: "sent", bouncedAt: null });
  });

  it("IN1 refuses a signed event carrying a lone surrogate with 400 Validation Error, changing nothing", async () => {
    const response = await post("email.bounced", { emailId: "re_msg_1\ud800" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Validation Error" });
    expect(await row()).toMatchObject({ status: "sent", bouncedAt: null });
  });

  it("IN2 a signed event that is not a delivery event (no type, no e-mail id, wrong types, not an object) is refused with 400 and logged, changing nothing", async () => {
    const bodies = [
      "null",
      "[]",
      '"email.bounced"',
      JSON.stringify({ data: { email_id: "re_msg_1" } }),
      JSON.stringify({ type: 7, data: { email_id: "re_msg_1" } }),
      JSON.stringify({ type: "email.bounced" }),
      JSON.stringify({ type: "email.bounced", data: null }),
      JSON.stringify({ type: "email.bounced", data: { email_id: "" } }),
      JSON.stringify({ type: "email.bounced", data: { email_id: 1 } }),
      JSON.stringify({ type: "email.bounced", created_at: 1_700_000_000, data: { email_id: "re_msg_1" } }),
    ];
    for (const body of bodies) {
      t.logger.lines.length = 0;
      const response = await signedPost("msg_bad", body);
      expect({ body, status: response.status, answer: await response.json() }).toEqual({
        body,
        status: 400,
        answer: { error: "Malformed event" },
      });
      expect(
        t.logger.lines.map((line) => JSON.parse(line)),
        body,
      ).toEqual([expect.objectContaining({ message: "email webhook: malformed event", id: "msg_bad" })]);
    }
    expect(await row()).toMatchObject({ status: "sent", bouncedAt: null });
    // A time that is no date is the arrival time, never an invalid date on its way to the database.
    for (const createdAt of ["not a date", "+275760-09-13T00:00:00.001Z"]) {
      expect((await post("email.bounced", { createdAt })).status).toBe(200);
      expect((await row()).bouncedAt?.getTime()).toBe(t.clock.now().getTime());
    }
  });

  it("is not exempt from CSRF by accident: only the exact webhook path is", async () => {
    const response = await t.app.request("https://app.example.com/api/trpc/auth.logout", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "{}",
    });
    expect(response.status).toBe(415);
    expect(toBase64Url(new Uint8Array([1]))).toBe("AQ");
  });
});

describe("e-mail webhook in local mode", () => {
  it("does not exist without a signing secret", async () => {
    const local = await createTestApp();
    const response = await local.app.request("http://localhost:8787/api/email/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(404);
    local.close();
  });
});
