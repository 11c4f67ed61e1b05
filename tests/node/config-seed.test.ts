import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { children, parents, schoolAdmins, superAdmins } from "../../db/schema/index.ts";
import { ConfigError, loadConfig } from "../../worker/config.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../../worker/local/demo-seed.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";

const SECRETS = {
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  RESEND_API_KEY: "re_x",
  RESEND_WEBHOOK_SECRET: "whsec_y",
  STRIPE_PRICE_STARTER: "price_s",
  STRIPE_PRICE_PROFESSIONAL: "price_p",
  STRIPE_PRICE_ENTERPRISE: "price_e",
};

describe("configuration", () => {
  it("is local mode with no keys: localhost, plain cookies", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ localMode: true, appUrl: "http://localhost:8787", secureCookies: false });
  });

  it("refuses a partial production setup with a clear error", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/missing: STRIPE_WEBHOOK_SECRET, RESEND_API_KEY, RESEND_WEBHOOK_SECRET/);
  });

  it("APP_ENV=production refuses to start without its secrets (never silently local)", () => {
    expect(() => loadConfig({ APP_ENV: "production", DATABASE_URL: "libsql://x.turso.io" })).toThrow(/missing: STRIPE_SECRET_KEY/);
  });

  it("production needs a Turso database, not a file", () => {
    expect(() => loadConfig({ ...SECRETS, DATABASE_URL: "file:.data/x.db" })).toThrow(/Turso/);
    const config = loadConfig({ ...SECRETS, DATABASE_URL: "libsql://x.turso.io", APP_URL: "https://app.example.com/" });
    expect(config).toMatchObject({ localMode: false, secureCookies: true, appUrl: "https://app.example.com", appOrigin: "https://app.example.com" });
  });

  it("rejects a malformed APP_URL", () => {
    expect(() => loadConfig({ APP_URL: "not a url" })).toThrow(/APP_URL/);
  });
});

describe("demo seed", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it("is idempotent and its three accounts sign in with the demo password", async () => {
    expect(await seedDemo(t.db, t.clock.now())).toBe("seeded");
    expect(await seedDemo(t.db, t.clock.now())).toBe("already-seeded");
    expect(await t.db.$count(superAdmins)).toBe(1);
    expect(await t.db.$count(schoolAdmins)).toBe(1);
    expect(await t.db.$count(parents)).toBe(1);
    expect(await t.db.$count(children)).toBe(2);
    for (const account of DEMO_ACCOUNTS) {
      const response = await mutate(t.app, "auth.login", { role: account.role, email: account.email, password: DEMO_PASSWORD }, { ip: `192.0.2.${account.role.length}` });
      expect(response.status, account.email).toBe(200);
    }
  });
});
