import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, sessions } from "#db/schema/index.ts";
import { createUser, PASSWORD } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const LOGIN_URL = "http://localhost:8787/api/trpc/auth.login";

async function nothingChanged() {
  expect(await t.db.select().from(sessions)).toHaveLength(0);
  expect(await t.db.select().from(auditLogs)).toHaveLength(0);
}

describe("CSRF guard (CS1)", () => {
  let body: string;
  beforeEach(async () => {
    const user = await createUser(t.db, "parent");
    body = JSON.stringify({ json: { role: "parent", email: user.email, password: PASSWORD } });
  });

  it("refuses a form-encoded post", async () => {
    const response = await t.app.request(LOGIN_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `role=parent&email=x&password=y`,
    });
    expect(response.status).toBe(415);
    await nothingChanged();
  });

  it("refuses text/plain (a simple cross-site request) even with a JSON body", async () => {
    const response = await t.app.request(LOGIN_URL, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body,
    });
    expect(response.status).toBe(415);
    await nothingChanged();
  });

  it("refuses a foreign Origin", async () => {
    const response = await t.app.request(LOGIN_URL, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body,
    });
    expect(response.status).toBe(403);
    await nothingChanged();
  });

  it("refuses Sec-Fetch-Site: cross-site", async () => {
    const response = await t.app.request(LOGIN_URL, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body,
    });
    expect(response.status).toBe(403);
    await nothingChanged();
  });

  it("accepts a same-origin JSON post", async () => {
    const response = await t.app.request(LOGIN_URL, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:8787", "sec-fetch-site": "same-origin" },
      body,
    });
    expect(response.status).toBe(200);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });

  it("queries are GET and have no side effects; a mutation cannot be run by GET", async () => {
    const response = await t.app.request(`${LOGIN_URL}?input=${encodeURIComponent(body)}`);
    expect(response.status).toBe(405);
    await nothingChanged();
  });
});

describe("security headers (HD1)", () => {
  const expectHeaders = (response: Response) => {
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    // The app's own pages may ask for the position (the driver's open run), no other feature; no frame may.
    expect(response.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(self), payment=()");
  };

  it("are on HTML, API, 404 and error responses", async () => {
    expectHeaders(await t.app.request("http://localhost:8787/some/page"));
    expectHeaders(await t.app.request("http://localhost:8787/api/trpc/auth.me"));
    const notFound = await t.app.request("http://localhost:8787/api/nothing-here");
    expect(notFound.status).toBe(404);
    expectHeaders(notFound);
    t.db.$client.close(); // make the next request fail inside the app
    const failed = await t.app.request("http://localhost:8787/api/health");
    expect(failed.status).toBe(503);
    expectHeaders(failed);
  });

  it("add HSTS only on https deployments", async () => {
    expect((await t.app.request("http://localhost:8787/")).headers.get("strict-transport-security")).toBeNull();
    const secure = await createTestApp({ env: { APP_URL: "https://app.schoolride.example" } });
    const response = await secure.app.request("https://app.schoolride.example/");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    secure.close();
  });

  it("API answers are never cached; a route may only say it more strictly", async () => {
    expect((await t.app.request("http://localhost:8787/api/trpc/auth.me")).headers.get("cache-control")).toBe(
      "no-store",
    );
    // The invoice PDF's refusals are API answers like any other; its file is "private, no-store" (invoice-pdf.test.ts).
    expect((await t.app.request("http://localhost:8787/api/invoices/x/pdf")).headers.get("cache-control")).toBe(
      "no-store",
    );
  });
});

describe("health", () => {
  it("answers ok only after a real database query", async () => {
    const ok = await t.app.request("http://localhost:8787/api/health");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    t.db.$client.close();
    const down = await t.app.request("http://localhost:8787/api/health");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ ok: false });
  });
});

describe("dev routes", () => {
  it("exist in local mode", async () => {
    expect((await t.app.request("http://localhost:8787/dev/mailbox")).status).toBe(200);
    const json = await t.app.request("http://localhost:8787/dev/mailbox.json");
    expect(await json.json()).toEqual([]);
  });

  it("are 404 in production (the SPA's Page Not Found, never the tools)", async () => {
    const production = await createTestApp({
      env: {
        APP_ENV: "production",
        APP_URL: "https://app.schoolride.example",
        DATABASE_URL: "libsql://db.example.turso.io",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_x_connect",
        RESEND_API_KEY: "re_x",
        RESEND_WEBHOOK_SECRET: "whsec_y",
        STRIPE_PRICE_STARTER: "price_s",
        STRIPE_PRICE_PROFESSIONAL: "price_p",
        STRIPE_PRICE_ENTERPRISE: "price_e",
        DEVICE_COOKIE_SECRET: "device-cookie-secret-of-the-test-suite",
        VAPID_PUBLIC_KEY: "BHzaghuMgJEGtzpJ81xY7quoD92A-1iOrhm61QB-pLSQ7P-NxiA40x6aJf58bl6GHZ62AAQQPP3zBSi36bT9agQ",
        VAPID_PRIVATE_KEY: "Sj5l6jjGSzb6oFPplE920Rp376M-mY2bANS-cSZZHOU",
      },
    });
    expect((await production.app.request("https://app.schoolride.example/dev/mailbox")).status).toBe(404);
    expect((await production.app.request("https://app.schoolride.example/dev/mailbox.json")).status).toBe(404);
    production.close();
  });
});
