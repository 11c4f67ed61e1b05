/**
 * The Worker's `fetch` handler in workerd: health against the test database, security headers,
 * routing (API 404, /dev, SPA fallback through the ASSETS binding), the CSRF guard, and a real
 * sign-in through tRPC that reads and writes the database over HTTP.
 */

import { createExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { superAdmins } from "#db/schema/index.ts";
import { BODY_LIMITS } from "#worker/app.ts";
import { hashPassword } from "#worker/auth/password.ts";
import { bodyLimitFor } from "#worker/http/security.ts";
import {
  APP_ORIGIN,
  CLOSED_DATABASE_URL,
  localEnv,
  productionEnv,
  testDb,
  unique,
  worker,
} from "./support/worker-env.ts";

const BASE = APP_ORIGIN; // https://schoolride.example.com (wrangler.toml APP_URL)

/** Through the main Worker as configured (assets router first, then the Worker). */
function get(path: string, init?: RequestInit) {
  return exports.default.fetch(`${BASE}${path}`, init);
}

/** Straight into the entry with a chosen env. */
function callEntry(request: Request, workerEnv = productionEnv()) {
  return worker.fetch(request, workerEnv, createExecutionContext());
}

function expectSecurityHeaders(response: Response, { hsts }: { hsts: boolean }) {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  if (hsts) expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  else expect(response.headers.has("strict-transport-security")).toBe(false);
}

describe("GET /api/health", () => {
  it("is 200 {ok:true} when the database answers", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is 503 {ok:false} when the database is unreachable", async () => {
    const response = await callEntry(
      new Request(`${BASE}/api/health`),
      productionEnv({ DATABASE_URL: CLOSED_DATABASE_URL }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false });
  });
});

describe("security headers", () => {
  it("are on API responses, with HSTS for an https APP_URL", async () => {
    expectSecurityHeaders(await get("/api/health"), { hsts: true });
  });

  it("are on API 404s", async () => {
    const response = await get("/api/x");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "Not found" });
    expectSecurityHeaders(response, { hsts: true });
  });

  it("are on SPA responses served from the ASSETS binding (index.html for client routes)", async () => {
    const response = await get("/parent/children", { headers: { "Sec-Fetch-Mode": "navigate", Accept: "text/html" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain('data-fixture="schoolride-worker-tests"');
    expectSecurityHeaders(response, { hsts: true });
  });

  it("leave HSTS out when APP_URL is plain http://localhost", async () => {
    const response = await callEntry(new Request("http://localhost:8787/api/x"), localEnv());
    expect(response.status).toBe(404);
    expectSecurityHeaders(response, { hsts: false });
  });
});

describe("routing", () => {
  it("answers anonymous auth.me with null, without touching the database", async () => {
    const response = await get("/api/trpc/auth.me");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { data: { json: null } } });

    const withoutDatabase = await callEntry(
      new Request(`${BASE}/api/trpc/auth.me`),
      productionEnv({ DATABASE_URL: CLOSED_DATABASE_URL }),
    );
    expect(withoutDatabase.status).toBe(200);
    expect(await withoutDatabase.json()).toEqual({ result: { data: { json: null } } });
  });

  it("hides /dev/mailbox in production", async () => {
    const response = await get("/dev/mailbox");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Dev mailbox");
    expectSecurityHeaders(response, { hsts: true });
  });

  it("answers a path the SPA has no page for with its Page Not Found and 404, /dev in production included (issue 25)", async () => {
    for (const path of [
      "/nonexistent-page",
      "/school-admin/nope",
      "/parent/dashboard",
      "/dev/anything",
      "/home",
      "/404",
    ]) {
      const response = await get(path, { headers: { "Sec-Fetch-Mode": "navigate", Accept: "text/html" } });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(await response.text(), path).toContain('data-fixture="schoolride-worker-tests"');
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex");
      expectSecurityHeaders(response, { hsts: true });
    }
    for (const path of ["/", "/services", "/super-admin/schools/x/view", "/school-admin/trips"])
      expect((await get(path)).status, path).toBe(200);
  });

  it("serves robots.txt and sitemap.xml for the configured APP_URL; only public pages may be indexed (issue 25)", async () => {
    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await robots.text();
    for (const prefix of ["/school-admin", "/parent", "/super-admin", "/api/", "/dev/", "/login"])
      expect(text).toContain(`\nDisallow: ${prefix}\n`);
    expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${BASE}/</loc>`);
    expect(xml).toContain(`<loc>${BASE}/services</loc>`);
    expect(xml).not.toContain("/login");
    expect((await get("/services")).headers.get("x-robots-tag")).toBeNull();
    expect((await get("/login/school")).headers.get("x-robots-tag")).toBe("noindex");
    expect((await get("/api/health")).headers.get("x-robots-tag")).toBe("noindex");
  });

  it("serves /dev/mailbox in local mode", async () => {
    const response = await callEntry(new Request("http://localhost:8787/dev/mailbox"), localEnv());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<h1>Dev mailbox</h1>");
  });
});

describe("CSRF guard on /api/*", () => {
  it("refuses a form-encoded POST with 415", async () => {
    const response = await get("/api/trpc/auth.login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
      body: "email=a%40b.c&password=x",
    });
    expect(response.status).toBe(415);
    expectSecurityHeaders(response, { hsts: true });
  });

  it("refuses a JSON POST from another origin with 403", async () => {
    const response = await get("/api/trpc/auth.login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ json: { role: "super_admin", email: "a@b.c", password: "x" } }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-origin request refused." });
  });
});

describe("sign-in end to end", () => {
  it("logs a seeded super admin in, sets the session cookie that identifies them, and refuses a wrong password", async () => {
    const email = `${unique("root")}@schoolride.test`;
    const password = "correct horse battery staple";
    await testDb()
      .insert(superAdmins)
      .values({ email, name: "Root Admin", passwordHash: await hashPassword(password) });

    const login = await get("/api/trpc/auth.login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE },
      body: JSON.stringify({ json: { role: "super_admin", email, password } }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { result: { data: { json: { user: { email: string; role: string } } } } };
    expect(body.result.data.json.user).toMatchObject({ email, role: "super_admin" });

    const setCookie = login.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^__Host-schoolride_session=[\w-]+\.[\w-]+;/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Secure");

    const cookie = setCookie.split(";")[0]!;
    const me = await get("/api/trpc/auth.me", { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(
      ((await me.json()) as { result: { data: { json: { email: string } | null } } }).result.data.json,
    ).toMatchObject({ email });

    // A wrong password for the same account: 401 and no session cookie.
    const refused = await get("/api/trpc/auth.login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE },
      body: JSON.stringify({ json: { role: "super_admin", email, password: "not the password" } }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("set-cookie")).toBeNull();
  });
});

describe("request size and well-formed input in workerd (IN1)", () => {
  const chunked = (bytes: number) => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
  };

  it("refuses a chunked tRPC body over 1 MB and a chunked webhook body over 512 KB with 413", async () => {
    const trpc = await get("/api/trpc/auth.login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE },
      body: chunked(2 * 1024 * 1024),
    });
    expect(trpc.status).toBe(413);
    const webhook = await get("/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=x" },
      body: chunked(1024 * 1024),
    });
    expect(webhook.status).toBe(413);
  });

  it("IN2 every path the Worker's app serves, the Connect webhook and /dev included, refuses a chunked body over its limit with 413", async () => {
    const paths = [
      "/api/stripe/connect-webhook",
      "/api/stripe/webhook",
      "/api/email/webhook",
      "/api/trpc/auth.login",
      "/api/health",
      "/api/unknown",
      "/dev/stripe/checkout/x/pay",
      "/",
    ];
    for (const workerEnv of [productionEnv(), localEnv()]) {
      for (const path of paths) {
        const limit = bodyLimitFor(BODY_LIMITS, path);
        const request = new Request(`${BASE}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: BASE, "Stripe-Signature": "t=1,v1=x" },
          body: chunked(limit + 64 * 1024),
          duplex: "half",
        } as RequestInit);
        const response = await callEntry(request, workerEnv);
        expect({ path, local: workerEnv.APP_ENV === "local", status: response.status }).toEqual({
          path,
          local: workerEnv.APP_ENV === "local",
          status: 413,
        });
      }
    }
  });

  it("refuses a lone surrogate with 400 Validation Error", async () => {
    const response = await get("/api/trpc/auth.login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE },
      body: '{"json":{"role":"parent","email":"\\ud800@x.example","password":"x-password-1"}}',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { json: { message: string } } }).error.json.message).toBe(
      "Validation Error",
    );
  });
});
