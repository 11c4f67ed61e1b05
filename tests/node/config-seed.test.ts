import { eq, isNotNull } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  children,
  drivers,
  flightTrips,
  invoices,
  notifications,
  parents,
  pendingSchools,
  routes,
  schoolAdmins,
  superAdmins,
  trips,
} from "#db/schema/index.ts";
import { localDate, localTime } from "#shared/school-time.ts";
import { ConfigError, LOCAL_DEVICE_COOKIE_SECRET, loadConfig, OSM_TILES } from "#worker/config.ts";
import { DEMO_ACCOUNTS, DEMO_IDS, DEMO_PASSWORD, seedDemo } from "#worker/local/demo-seed.ts";
import { seedDemoWeek } from "#worker/local/demo-week.ts";
import { createTestApp, DAY, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";

const SECRETS = {
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
};

describe("configuration", () => {
  it("is local mode with no keys: localhost, plain cookies", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ localMode: true, appUrl: "http://localhost:8787", secureCookies: false });
  });

  it("refuses a partial production setup with a clear error", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(
      /missing: STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET, RESEND_API_KEY, RESEND_WEBHOOK_SECRET/,
    );
  });

  it("APP_ENV=production refuses to start without its secrets (never silently local)", () => {
    expect(() => loadConfig({ APP_ENV: "production", DATABASE_URL: "libsql://x.turso.io" })).toThrow(
      /missing: STRIPE_SECRET_KEY/,
    );
  });

  it("production needs a Turso database, not a file", () => {
    expect(() => loadConfig({ ...SECRETS, DATABASE_URL: "file:.data/x.db" })).toThrow(/Turso/);
    const config = loadConfig({ ...SECRETS, DATABASE_URL: "libsql://x.turso.io", APP_URL: "https://app.example.com/" });
    expect(config).toMatchObject({
      localMode: false,
      secureCookies: true,
      appUrl: "https://app.example.com",
      appOrigin: "https://app.example.com",
    });
  });

  it("production needs its own device-cookie secret of 32+ characters; local mode has a fixed one (ADR 0035)", () => {
    const production = { ...SECRETS, DATABASE_URL: "libsql://x.turso.io" };
    expect(loadConfig(production).deviceCookieSecret).toBe(SECRETS.DEVICE_COOKIE_SECRET);
    expect(() => loadConfig({ ...production, DEVICE_COOKIE_SECRET: undefined })).toThrow(/needs DEVICE_COOKIE_SECRET/);
    expect(() => loadConfig({ ...production, DEVICE_COOKIE_SECRET: LOCAL_DEVICE_COOKIE_SECRET })).toThrow(
      /not the local one/,
    );
    expect(() => loadConfig({ ...production, DEVICE_COOKIE_SECRET: "too short" })).toThrow(
      /DEVICE_COOKIE_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig({}).deviceCookieSecret).toBe(LOCAL_DEVICE_COOKIE_SECRET);
  });

  it("map tiles: OpenStreetMap's in production, none locally, `off` anywhere, one literal https host with its attribution (ADR 0048)", () => {
    const production = { ...SECRETS, DATABASE_URL: "libsql://x.turso.io" };
    expect(loadConfig(production).mapTiles).toEqual(OSM_TILES);
    expect(loadConfig({}).mapTiles).toBeNull();
    expect(loadConfig({ ...production, MAP_TILES_URL: "off" }).mapTiles).toBeNull();
    const own = {
      MAP_TILES_URL: "https://tiles.example.com/osm/{z}/{x}/{y}.png?key=public",
      MAP_ATTRIBUTION: "© Example Maps",
      MAP_ATTRIBUTION_URL: "https://example.com/c",
    };
    expect(loadConfig(own).mapTiles).toEqual({
      urlTemplate: own.MAP_TILES_URL,
      origin: "https://tiles.example.com",
      attribution: "© Example Maps",
      attributionUrl: "https://example.com/c",
    });
    expect(loadConfig({ ...own, MAP_TILES_URL: "http://localhost:8080/{z}/{x}/{y}.png" }).mapTiles?.origin).toBe(
      "http://localhost:8080",
    );
    expect(() => loadConfig({ ...own, MAP_TILES_URL: "http://tiles.example.com/{z}/{x}/{y}.png" })).toThrow(
      /MAP_TILES_URL: must be https/,
    );
    expect(() => loadConfig({ ...own, MAP_TILES_URL: "https://{s}.tile.example.com/{z}/{x}/{y}.png" })).toThrow(
      /one literal host/,
    );
    expect(() => loadConfig({ ...own, MAP_TILES_URL: "https://tiles.example.com/{z}/{x}.png" })).toThrow(
      /must contain \{y\}/,
    );
    expect(() => loadConfig({ ...own, MAP_TILES_URL: "tiles/{z}/{x}/{y}.png" })).toThrow(/MAP_TILES_URL/);
    expect(() => loadConfig({ ...own, MAP_ATTRIBUTION: undefined })).toThrow(/needs MAP_ATTRIBUTION/);
    expect(() => loadConfig({ MAP_ATTRIBUTION: "© Example Maps" })).toThrow(/set MAP_TILES_URL too/);
    expect(() => loadConfig({ ...own, MAP_ATTRIBUTION_URL: "javascript:alert(1)" })).toThrow(/MAP_ATTRIBUTION_URL/);
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

  it("is idempotent and its four accounts sign in with the demo password", async () => {
    expect(await seedDemo(t.db, t.clock.now())).toBe("seeded");
    expect(await seedDemo(t.db, t.clock.now())).toBe("already-seeded");
    expect(await t.db.$count(superAdmins)).toBe(1);
    expect(await t.db.$count(schoolAdmins)).toBe(1);
    expect(await t.db.$count(parents)).toBe(1);
    expect(await t.db.$count(drivers)).toBe(1);
    expect(await t.db.$count(children)).toBe(2);
    // The demo driver drives bus 12's two routes, and their runs (ADR 0057).
    expect(await t.db.$count(routes, isNotNull(routes.driverId))).toBe(2);
    expect(await t.db.$count(trips, isNotNull(trips.driverId))).toBeGreaterThan(0);
    for (const account of DEMO_ACCOUNTS) {
      const response = await mutate(
        t.app,
        "auth.login",
        { role: account.role, email: account.email, password: DEMO_PASSWORD },
        { ip: `192.0.2.${account.role.length}` },
      );
      expect(response.status, account.email).toBe(200);
    }
  });

  it("keeps a realistic week of trips for Maple Grove: three routes, six buses, every school day, refilled when the coming week is empty", async () => {
    // Monday 2 March 2026, 09:00 UTC = 03:00 in Chicago.
    await seedDemo(t.db, t.clock.now());
    const all = await t.db.select().from(trips).where(eq(trips.schoolId, DEMO_IDS.school));
    const dayOf = (trip: (typeof all)[number]) => localDate(trip.departureTime, "America/Chicago");
    // The reports' history: the four weeks before, every weekday run completed (20 days × 12 runs).
    const history = all.filter((trip) => dayOf(trip) < "2026-03-02");
    expect(new Set(history.map(dayOf)).size).toBe(20);
    expect(history.map(dayOf).sort()[0]).toBe("2026-02-02");
    expect(history).toHaveLength(20 * 6 * 2);
    expect(new Set(history.map((trip) => trip.status))).toEqual(new Set(["completed"]));
    const seeded = all.filter((trip) => dayOf(trip) >= "2026-03-02");
    const days = new Set(seeded.map(dayOf));
    expect([...days].sort()).toEqual([
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
    ]);
    expect(new Set(seeded.map((trip) => trip.routeName)).size).toBe(3);
    expect(new Set(seeded.map((trip) => trip.busNumber)).size).toBe(6);
    expect(seeded).toHaveLength(10 * 6 * 2);
    expect(
      localTime(
        seeded.find((trip) => trip.busNumber === "12" && trip.routeType === "pickup")!.departureTime,
        "America/Chicago",
      ),
    ).toBe("07:30");
    // The next start, same week: nothing added.
    expect(await seedDemoWeek(t.db, DEMO_IDS.school, t.clock.now())).toBe(0);
    // Three weeks later the coming week is empty: this week and the next are filled again.
    t.clock.advance(21 * DAY);
    expect(await seedDemoWeek(t.db, DEMO_IDS.school, t.clock.now())).toBe(120);
    const categories = await t.db
      .selectDistinct({ category: notifications.category })
      .from(notifications)
      .where(eq(notifications.recipientId, DEMO_IDS.parent));
    expect(categories.map((row) => row.category).sort()).toEqual(["attendance", "payment", "system", "trip"]);
  });

  it("dates the invoices, the field trip and the pending registration by the school's today, not UTC's", async () => {
    // Monday 2 March 2026, 21:00 in Chicago: already Tuesday 3 March in UTC.
    t.clock.set(new Date("2026-03-03T03:00:00Z"));
    await seedDemo(t.db, t.clock.now());
    const seeded = await t.db
      .select({ issueDate: invoices.issueDate, dueDate: invoices.dueDate, number: invoices.invoiceNumber })
      .from(invoices);
    expect(seeded.map((row) => row.issueDate).sort()).toEqual(["2026-01-21", "2026-01-31", "2026-03-02", "2026-03-02"]);
    expect(seeded.find((row) => row.issueDate === "2026-03-02")!.dueDate).toBe("2026-03-17");
    expect(seeded.every((row) => row.number.startsWith("INV-2026-"))).toBe(true);
    const [trip] = await t.db.select().from(flightTrips);
    expect(trip).toMatchObject({
      departureDate: "2026-05-01",
      returnDate: "2026-05-03",
      enrollmentDeadline: "2026-04-16",
    });
    const [pending] = await t.db.select().from(pendingSchools);
    expect(pending).toMatchObject({ intendedStartDate: "2026-04-01", timeZone: "America/Chicago" });
  });
});
