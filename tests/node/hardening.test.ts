import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, invitations } from "#db/schema/index.ts";
import { TRPC_MAX_BATCH_SIZE } from "#shared/api-limits.ts";
import { BODY_LIMITS } from "#worker/app.ts";
import { BODY_TOO_LARGE, bodyLimitFor, SONNER_STYLE_HASH } from "#worker/http/security.ts";
import { startNodeServer } from "#worker/node.ts";
import { audit, NO_REQUEST } from "#worker/services/audit.ts";
import { signStripePayload, stripeEvent } from "#worker/stripe/events.ts";
import { appRouter } from "#worker/trpc/router.ts";
import { watchCommits } from "../support/commits.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";
import { mutate, query } from "../support/http.ts";

let t: TestApp;
let cookie: string;
beforeEach(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, "super_admin");
  cookie = (await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now())).cookie;
});
afterEach(() => t.close());

const BASE = "http://localhost:8787";
const JSON_HEADERS = { "content-type": "application/json", origin: BASE };
/** The request of issue 8: a lone surrogate written as a JSON escape. */
const SURROGATE_LOGIN = '{"json":{"role":"parent","email":"\\ud800@x.example","password":"x-password-1"}}';

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  t.app.request(`${BASE}/api/trpc/${path}`, { method: "POST", headers: { ...JSON_HEADERS, ...headers }, body });

const PROCEDURES = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: "query" | "mutation"; inputs: unknown[] } }
>;

type ErrorBody = { error: { json: { message: string; data: { code: string; httpStatus: number } } } };

/** Every view of the audit log a super admin can open; each must answer 200. */
async function readEveryAuditView() {
  const views = [
    await query(t.app, "superAdmin.auditLogs.recent", undefined, { cookie }),
    await query(t.app, "superAdmin.auditLogs.list", { page: 1 }, { cookie }),
    await query(t.app, "superAdmin.auditLogs.list", { page: 1, email: "x.example" }, { cookie }),
    await query(t.app, "superAdmin.auditLogs.list", { page: 1, role: "parent", eventType: "failed_login" }, { cookie }),
    await query(t.app, "superAdmin.auditLogs.eventTypes", undefined, { cookie }),
  ];
  for (const view of views) expect(view.error).toBeNull();
  return views;
}

type AuditRow = {
  description: string;
  userEmail: string | null;
  userAgent: string | null;
  metadata: Record<string, unknown>;
};

describe("lone surrogates (IN1, LG1)", () => {
  it("IN1 the lone-surrogate login of issue 8 is refused with 400 Validation Error, stores nothing, and every audit view still opens", async () => {
    const response = await post("auth.login", SURROGATE_LOGIN);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.json.message).toBe("Validation Error");
    expect(body.error.json.data.code).toBe("BAD_REQUEST");
    expect(await t.db.$count(auditLogs)).toBe(0);
    await readEveryAuditView();
  });

  it("IN1 a lone surrogate in any procedure input, value or key, is refused with 400 Validation Error", async () => {
    for (const [path, procedure] of Object.entries(PROCEDURES)) {
      for (const body of [
        '{"json":{"email":"a\\udc00"}}',
        '{"json":{"\\ud800":"x"}}',
        '{"json":{"list":[{"deep":"\\udbff"}]}}',
        '{"json":[["\\ud800","x"]],"meta":{"values":["map"]}}',
      ]) {
        const response =
          procedure._def.type === "query"
            ? await t.app.request(`${BASE}/api/trpc/${path}?input=${encodeURIComponent(body)}`, { headers: { cookie } })
            : await post(path, body, { cookie });
        expect(response.status, `${path} ${body}`).toBe(400);
        expect(((await response.json()) as ErrorBody).error.json.message).toBe("Validation Error");
      }
    }
  });

  it("LG1 audit views survive rows stored before the fix (escaped surrogates, bytes that are not UTF-8, metadata that is not JSON)", async () => {
    const insert = (id: string, description: SQLChunk, metadata: SQLChunk, userAgent: SQLChunk, at: number) =>
      t.db.run(sql`insert into audit_logs (id, event_type, description, user_role, metadata, user_agent, created_at)
        values (${id}, 'failed_login', ${description}, 'parent', ${metadata}, ${userAgent}, ${at})`);
    type SQLChunk = ReturnType<typeof sql>;
    const now = t.clock.now().getTime();
    await insert(
      "escaped",
      sql`'Failed parent login'`,
      sql`${'{"email":"\\ud800@x.example","role":"parent"}'}`,
      sql`null`,
      now - 3,
    );
    await insert(
      "bytes",
      sql`cast(x'eda080' as text)`,
      sql`cast(x'7b22656d61696c223a22eda080407a2e6578616d706c65227d' as text)`,
      sql`cast(x'ff' as text)`,
      now - 2,
    );
    await insert("not-json", sql`'odd'`, sql`'not json at all'`, sql`null`, now - 1);

    const [recent, list, filtered] = await readEveryAuditView();
    const rows = list!.data as { rows: (AuditRow & { id: string })[] };
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    expect(byId.get("escaped")).toMatchObject({
      userEmail: "\uFFFD@x.example",
      metadata: { email: "\uFFFD@x.example" },
    });
    expect(byId.get("bytes")).toMatchObject({
      description: "\uFFFD\uFFFD\uFFFD",
      userAgent: "\uFFFD",
      userEmail: "\uFFFD\uFFFD\uFFFD@z.example",
    });
    expect(byId.get("not-json")).toMatchObject({ description: "odd", metadata: {}, userEmail: null });
    expect((recent!.data as AuditRow[]).length).toBe(3);
    expect((filtered!.data as { rows: { id: string }[] }).rows.map((row) => row.id)).toEqual(["escaped"]);
  });

  it("LG1 the audit writer stores well-formed text whatever it is given", async () => {
    await audit(
      t.db,
      {
        eventType: "failed_login",
        description: "Failed \ud800 login",
        metadata: { email: "\udc00@x.example", "k\ud800": ["\ud800"] },
        at: t.clock.now(),
      },
      { ...NO_REQUEST, userAgent: "agent \ud800" },
    );
    const [row] = await t.db.all<{ description: string; metadata: string; user_agent: string }>(
      sql`select description, metadata, user_agent from audit_logs`,
    );
    expect(row).toEqual({
      description: "Failed \uFFFD login",
      metadata: JSON.stringify({ email: "\uFFFD@x.example", "k\uFFFD": ["\uFFFD"] }),
      user_agent: "agent \uFFFD",
    });
    const [listed] = (
      (await query(t.app, "superAdmin.auditLogs.list", { page: 1 }, { cookie })).data as { rows: AuditRow[] }
    ).rows;
    expect(listed).toMatchObject({ userEmail: "\uFFFD@x.example" });
  });

  it("IN1 every JSON column stores well-formed text, so SQLite's JSON functions can read it back", async () => {
    const school = await createSchool(t.db);
    await t.db.insert(invitations).values({
      email: "p@example.com",
      role: "parent",
      schoolId: school.id,
      tokenHash: "h",
      expiresAt: t.clock.now(),
      metadata: { parent_name: "Bad \ud800 name" },
    });
    const [row] = await t.db.all<{ name: string }>(
      sql`select json_extract(metadata, '$.parent_name') as name from invitations`,
    );
    expect(row!.name).toBe("Bad \uFFFD name");
  });

  it("IN1 webhooks refuse a signed body carrying a lone surrogate with 400 Validation Error", async () => {
    const event = stripeEvent(
      "customer.subscription.updated",
      { id: "sub_x", object: "subscription", status: "active", customer: "cus_x", metadata: { note: "\ud800" } },
      t.clock.now(),
    );
    const payload = JSON.stringify(event);
    expect(payload).toContain("\\ud800");
    const signature = await signStripePayload(
      { stripe: t.deps.stripe, webhookSecret: t.deps.stripeWebhookSecret },
      payload,
      t.clock.now(),
    );
    const response = await t.app.request(`${BASE}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Validation Error" });
    expect(await t.db.all(sql`select 1 from stripe_events`)).toHaveLength(0);
  });
});

describe("the invoice PDF route (IN1)", () => {
  it("IN1 malformed, lone-surrogate and oversized ids answer the one 404, never a 500", async () => {
    const parent = await createUser(t.db, "parent");
    const { cookie: parentCookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    for (const id of [
      "%ED%A0%80",
      "%F0",
      "%zz",
      "%00",
      "..%2F..%2Fapi%2Fhealth",
      encodeURIComponent("\u{1F68C}"),
      "x".repeat(10_000),
    ]) {
      const response = await t.app.request(`${BASE}/api/invoices/${id}/pdf`, { headers: { cookie: parentCookie } });
      expect({ id, status: response.status, body: await response.text() }).toEqual({
        id,
        status: 404,
        body: '{"error":"Not found"}',
      });
    }
    expect(t.logger.lines.filter((line) => line.includes("unhandled error"))).toEqual([]);
  });
});

describe("batch size (IN1)", () => {
  it(`IN1 a tRPC batch of more than ${TRPC_MAX_BATCH_SIZE} procedures is refused with 400 before any of them runs`, async () => {
    const user = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const batch = (size: number) =>
      t.app.request(`${BASE}/api/trpc/${Array(size).fill("auth.me").join(",")}?batch=1`, { headers: { cookie } });
    const allowed = await batch(TRPC_MAX_BATCH_SIZE);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toHaveLength(TRPC_MAX_BATCH_SIZE);
    const auditedBefore = await t.db.$count(auditLogs);
    const refused = await batch(TRPC_MAX_BATCH_SIZE + 1);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { json: { message: string } } }).error.json.message).toBe(
      "Validation Error",
    );
    expect(await t.db.$count(auditLogs)).toBe(auditedBefore);
  });
});

/** The size of the chunks `streamed` sends. */
const CHUNK = 64 * 1024;

/** A body streamed in 64 KB chunks, counting what the server pulled. */
function streamed(totalBytes: number) {
  const pulled = { bytes: 0 };
  const chunk = new Uint8Array(CHUNK).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= totalBytes) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

describe("request size (IN1)", () => {
  const MB = 1024 * 1024;
  const send = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
    t.app.request(url, {
      method: "POST",
      headers: { ...JSON_HEADERS, ...headers },
      body,
      duplex: "half",
    } as RequestInit);

  it("IN1 a tRPC body over 1 MB is refused with 413: declared, chunked without Content-Length, or under a lying Content-Length", async () => {
    const padded = (bytes: number) =>
      `{"json":{"role":"parent","email":"a@example.com","password":"${" ".repeat(bytes)}"}}`;
    const declared = await send(`${BASE}/api/trpc/auth.login`, padded(MB), { "content-length": String(MB + 100) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: "Request body too large." });
    // A declared length over the limit is refused without reading the body.
    const unread = streamed(2 * MB);
    expect(
      (await send(`${BASE}/api/trpc/auth.login`, unread.stream, { "content-length": String(2 * MB) })).status,
    ).toBe(413);
    expect(unread.pulled.bytes).toBeLessThanOrEqual(64 * 1024);
    expect((await send(`${BASE}/api/trpc/auth.login`, padded(MB))).status).toBe(413);

    const chunked = streamed(20 * MB);
    expect((await send(`${BASE}/api/trpc/auth.login`, chunked.stream)).status).toBe(413);
    // Reading stopped at the limit instead of taking the whole 20 MB.
    expect(chunked.pulled.bytes).toBeLessThan(MB + 256 * 1024);

    const lying = streamed(2 * MB);
    expect((await send(`${BASE}/api/trpc/auth.login`, lying.stream, { "content-length": "100" })).status).toBe(413);
    expect(await t.db.$count(auditLogs)).toBe(0);
  });

  it("IN1 a body under the limit still reaches the procedure", async () => {
    const response = await send(
      `${BASE}/api/trpc/auth.login`,
      `{"json":{"role":"parent","email":"${"a".repeat(900 * 1024)}@example.com","password":"x"}}`,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.json.data.code).toBe("BAD_REQUEST");
  });

  it("IN1 a webhook body over 512 KB is refused with 413 before its signature is checked", async () => {
    for (const path of ["/api/stripe/webhook", "/api/email/webhook"]) {
      expect(
        (await send(`${BASE}${path}`, " ".repeat(512 * 1024 + 1), { "stripe-signature": "t=1,v1=x" })).status,
        path,
      ).toBe(413);
      const { stream } = streamed(MB);
      expect((await send(`${BASE}${path}`, stream)).status, path).toBe(413);
    }
    // Under the limit the Stripe webhook answers as before (here: a bad signature).
    expect(
      (await send(`${BASE}/api/stripe/webhook`, " ".repeat(500 * 1024), { "stripe-signature": "t=1,v1=x" })).status,
    ).toBe(400);
  });
});

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe("body limits by construction (IN2)", () => {
  const KB = 1024;

  /**
   * Every path of the app's own route list (a route added tomorrow is in it), with parameters and
   * wildcards filled in, and the method that may carry a body there (POST for GET-only routes: a
   * body sent anyway must be refused too).
   */
  function bodyRequests(app: TestApp["app"]): { method: string; path: string }[] {
    const requests = new Map<string, { method: string; path: string }>();
    for (const route of app.routes) {
      const method = ["GET", "HEAD", "ALL"].includes(route.method) ? "POST" : route.method;
      const path =
        route.path === "/*" || route.path === "*"
          ? "/anything"
          : route.path.replace(/:\w+/g, "x").replace(/\*/g, "anything");
      requests.set(`${method} ${path}`, { method, path });
    }
    return [...requests.values()];
  }

  async function expectRefusedEverywhere(app: TestApp) {
    const requests = bodyRequests(app.app);
    expect(requests.map((request) => request.path)).toEqual(
      expect.arrayContaining([
        "/api/stripe/connect-webhook",
        "/api/stripe/webhook",
        "/api/email/webhook",
        "/api/trpc/anything",
      ]),
    );
    const commits = await watchCommits(app.db);
    try {
      for (const { method, path } of requests) {
        const limit = bodyLimitFor(BODY_LIMITS, path);
        const send = (body: BodyInit, headers: Record<string, string> = {}) =>
          app.app.request(`${BASE}${path}`, {
            method,
            headers: { ...JSON_HEADERS, "stripe-signature": "t=1,v1=x", ...headers },
            body,
            duplex: "half",
          } as RequestInit);
        const before = await commits.version();
        const label = `${method} ${path} (limit ${limit / KB} KB)`;
        // Declared over the limit: refused before reading.
        const declared = streamed(limit + 4 * CHUNK);
        const refused = await send(declared.stream, { "content-length": String(limit + 1) });
        expect({ label, status: refused.status, body: await refused.text() }).toEqual({
          label,
          status: 413,
          body: JSON.stringify({ error: BODY_TOO_LARGE }),
        });
        expect(declared.pulled.bytes, label).toBeLessThanOrEqual(CHUNK);
        // Streamed without a length, or under a length that lies: counted, and reading stops at the limit.
        for (const headers of [{}, { "content-length": "10" }] as Record<string, string>[]) {
          const body = streamed(limit + 16 * CHUNK);
          expect((await send(body.stream, headers)).status, `${label} ${JSON.stringify(headers)}`).toBe(413);
          expect(body.pulled.bytes, label).toBeLessThanOrEqual(limit + CHUNK);
        }
        // At the limit the route answers as it would (whatever that is), never 413.
        expect((await send(" ".repeat(limit))).status, label).not.toBe(413);
        expect(await commits.version(), `${label} changed the database`).toBe(before);
      }
    } finally {
      commits.close();
    }
  }

  it("IN2 every route of the app refuses an oversize body with 413 before reading it, declared, streamed without a length or under a lying one, changing nothing", async () => {
    await expectRefusedEverywhere(t);
    // The Connect endpoint was missing from the old list of limited paths: a 300 MB body was read whole.
    expect(bodyLimitFor(BODY_LIMITS, "/api/stripe/connect-webhook")).toBe(512 * KB);
  });

  it("IN2 the same in production, where /dev is not mounted", async () => {
    const production = await createTestApp({ env: PRODUCTION_ENV });
    try {
      await expectRefusedEverywhere(production);
    } finally {
      production.close();
    }
  });

  it("IN2 the Node entry applies them over a real socket: a 64 MB body streamed to the Connect webhook is cut off near its 512 KB", async () => {
    const dir = mkdtempSync(join(tmpdir(), "schoolride-node-entry-"));
    const server = await startNodeServer({
      PORT: String(await freePort()),
      DATABASE_URL: `file:${join(dir, "node.db")}`,
      APP_ENV: "local",
      DEMO_SIMULATION: "off",
    });
    try {
      const body = streamed(64 * 1024 * KB);
      const response = await fetch(`${server.url}/api/stripe/connect-webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
        body: body.stream,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: BODY_TOO_LARGE });
      // What the socket and the client had buffered when the server stopped reading, not the 64 MB.
      expect(body.pulled.bytes).toBeLessThan(16 * 1024 * KB);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("IN2 every path given its own limit is a route of the app (a renamed route cannot leave its limit behind)", () => {
    const routes = new Set(t.app.routes.map((route) => route.path));
    for (const path of Object.keys(BODY_LIMITS.paths)) expect(routes.has(path), path).toBe(true);
    expect(bodyLimitFor(BODY_LIMITS, "/api/trpc/auth.login")).toBe(1024 * KB);
    expect(bodyLimitFor(BODY_LIMITS, "/dev/stripe/checkout/x/pay")).toBe(64 * KB);
  });
});

describe("unknown keys and malformed bodies (IN1)", () => {
  const call = (path: string, body: string) =>
    PROCEDURES[path]!._def.type === "query"
      ? t.app.request(`${BASE}/api/trpc/${path}?input=${encodeURIComponent(body)}`, { headers: { cookie } })
      : post(path, body, { cookie });

  it("IN1 a procedure without input refuses any input (unknown keys) with 400, and still answers without one", async () => {
    const inputless = Object.keys(PROCEDURES).filter((path) => PROCEDURES[path]!._def.inputs.length === 0);
    expect(inputless).toContain("superAdmin.auditLogs.recent");
    for (const path of inputless) {
      for (const body of [
        '{"json":{"unexpected":1}}',
        '{"json":"text"}',
        '{"json":[1]}',
        '{"json":"2026-01-01T00:00:00.000Z","meta":{"values":["Date"]}}',
      ]) {
        const response = await call(path, body);
        expect(response.status, `${path} ${body}`).toBe(400);
        expect(((await response.json()) as ErrorBody).error.json.message).toBe("Validation Error");
      }
    }
    expect((await query(t.app, "superAdmin.auditLogs.recent", undefined, { cookie })).status).toBe(200);
    expect((await call("superAdmin.stats", '{"json":{}}')).status).toBe(200);
    expect((await post("auth.logout", '{"json":null,"meta":{"values":["undefined"]}}', { cookie })).status).toBe(200);
  });

  it("IN1 malformed JSON answers a generic 400 Validation Error, not the parser's text", async () => {
    const bodies = [
      '{"json":',
      "not json",
      '{"json":{"a":1},"meta":{"values":{"a":["custom","nope"]}}}',
      '{"json":{"a":1},"meta":{"values":{"__proto__.x":["Date"]}}}',
    ];
    for (const body of bodies) {
      const response = await post("auth.login", body);
      expect(response.status, body).toBe(400);
      const { error } = (await response.json()) as ErrorBody;
      expect(error.json.message, body).toMatch(/^(Validation Error|Please fill in all fields)$/);
    }
    const query = await t.app.request(
      `${BASE}/api/trpc/superAdmin.auditLogs.list?input=${encodeURIComponent("{oops")}`,
      { headers: { cookie } },
    );
    expect(query.status).toBe(400);
    expect(((await query.json()) as ErrorBody).error.json.message).toBe("Validation Error");
    expect(await t.db.$count(auditLogs)).toBe(0);
  });

  it("IN1 a very deeply nested input is refused without a 500", async () => {
    const depth = 100_000;
    const response = await post("auth.login", `{"json":${"[".repeat(depth)}${"]".repeat(depth)}}`);
    expect(response.status).toBe(400);
  });
});

describe("billing portal (ST4)", () => {
  it("ST4 the billing-portal call has a deterministic idempotency key: a double click opens one session, a minute later a fresh one", async () => {
    const school = await createSchool(t.db, { stripeCustomerId: "cus_portal", subscriptionStatus: "active" });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const adminCookie = (await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now())).cookie;
    const open = async () => {
      const response = await mutate(t.app, "schoolAdmin.billing.openPortal", undefined, { cookie: adminCookie });
      expect(response.error).toBeNull();
      return (response.data as { url: string }).url;
    };
    const [first, second] = await Promise.all([open(), open()]);
    expect(second).toBe(first);
    t.clock.advance(61_000);
    expect(await open()).not.toBe(first);
  });
});

describe("content security policy (HD1)", () => {
  it("HD1 styles: no unsafe-inline, style attributes refused, and sonner's hash is the one of the installed package", async () => {
    const csp = (await t.app.request(`${BASE}/`)).headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("style-src-attr 'none'");
    const source = readFileSync(new URL("../../node_modules/sonner/dist/index.mjs", import.meta.url), "utf8");
    const inserted = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
    expect(inserted, "sonner no longer inserts its stylesheet this way: revisit the CSP").toBeDefined();
    const hash = createHash("sha256")
      .update(JSON.parse(inserted!) as string)
      .digest("base64");
    expect(SONNER_STYLE_HASH).toBe(`'sha256-${hash}'`);
    expect(csp).toContain(SONNER_STYLE_HASH);
  });

  it("HD1 every HTML page carries the nonce of its own CSP, fresh each time, and is not cached", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const response = await t.app.request(`${BASE}/login/parent`);
      const fromHeader = /style-src [^;]*'nonce-([^']+)'/.exec(
        response.headers.get("content-security-policy") ?? "",
      )?.[1];
      const fromPage = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(await response.text())?.[1];
      expect(fromHeader).toBeDefined();
      expect(fromPage).toBe(fromHeader);
      expect(response.headers.get("cache-control")).toBe("no-store");
      nonces.push(fromHeader);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("HD1 images: img-src allows exactly the configured map tile host, and none when tiles are off (ADR 0048)", async () => {
    const imgSrc = async (app: TestApp["app"]) =>
      /(?:^|;\s*)img-src ([^;]*)/.exec(
        (await app.request(`${BASE}/`)).headers.get("content-security-policy") ?? "",
      )?.[1];
    expect(await imgSrc(t.app)).toBe("'self' data:");
    const tiled = await createTestApp({
      env: { MAP_TILES_URL: "https://tiles.example.com/base/{z}/{x}/{y}.png", MAP_ATTRIBUTION: "© Example Maps" },
    });
    try {
      expect(await imgSrc(tiled.app)).toBe("'self' data: https://tiles.example.com");
      expect((await query(tiled.app, "site.map")).data).toEqual({
        addressSearch: false,
        tiles: {
          urlTemplate: "https://tiles.example.com/base/{z}/{x}/{y}.png",
          attribution: "© Example Maps",
          attributionUrl: null,
        },
      });
    } finally {
      tiled.close();
    }
    const production = await createTestApp({ env: PRODUCTION_ENV });
    try {
      expect(await imgSrc(production.app)).toBe("'self' data: https://tile.openstreetmap.org");
    } finally {
      production.close();
    }
    expect((await query(t.app, "site.map")).data).toEqual({ addressSearch: false, tiles: null });
  });

  it("HD1 the dev mailbox's own stylesheet carries its response's nonce", async () => {
    const response = await t.app.request(`${BASE}/dev/mailbox`);
    const fromHeader = /style-src [^;]*'nonce-([^']+)'/.exec(
      response.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(fromHeader).toBeDefined();
    expect(await response.text()).toContain(`<style nonce="${fromHeader}">`);
  });
});
