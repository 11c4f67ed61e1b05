import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleValue } from "#shared/auth.ts";
import { SESSION_POLICIES } from "#worker/auth/policy.ts";
import { callerFor } from "../support/caller.ts";
import type { RoundTripCounter } from "../support/counting-db.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, MINUTE, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";
import { query } from "../support/http.ts";

/**
 * Database round trips per procedure (ADR 0017), counted at the libSQL client: the session, its
 * user, school and two-factor state are one prepared statement; a procedure's own reads are one
 * statement or one batch. So `auth.me` costs 1 and every list and overview at most 2.
 */

const SESSION_SQL = /from "sessions" left join "super_admins"/;

let t: TestApp;
let trips: RoundTripCounter;
const users = {} as Record<RoleValue, { id: string; role: RoleValue }>;

beforeAll(async () => {
  t = await createTestApp({ countRoundTrips: true });
  trips = t.roundTrips!;
  const school = await createSchool(t.db);
  users.super_admin = await createUser(t.db, "super_admin");
  users.school_admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  users.parent = await createUser(t.db, "parent", { schoolId: school.id });
});
afterAll(() => t.close());

/** A fresh session (its last-seen is now, so no refresh is due) as a Cookie header. */
async function cookieOf(role: RoleValue, app = t): Promise<string> {
  return (await sessionCookieFor(app.db, app.deps.config, users[role], app.clock.now())).cookie;
}

async function tripsOf(app: TestApp, path: string, input: unknown, cookie?: string) {
  const counter = app.roundTrips!;
  counter.reset();
  const response = await query(app.app, path, input, cookie ? { cookie } : {});
  expect(response.status, `${path}: ${response.error?.message}`).toBe(200);
  return { count: counter.count, log: [...counter.log] };
}

describe("round trips per procedure", () => {
  it.each<RoleValue>(["super_admin", "school_admin", "parent"])("auth.me costs 1 round trip for a %s", async (role) => {
    const cookie = await cookieOf(role);
    const { count, log } = await tripsOf(t, "auth.me", undefined, cookie);
    expect(count).toBe(1);
    expect(log[0]).toMatch(SESSION_SQL);
  });

  it("auth.me without a cookie costs none", async () => {
    expect((await tripsOf(t, "auth.me", undefined)).count).toBe(0);
  });

  const PROCEDURES: Array<[RoleValue, string, unknown]> = [
    ["super_admin", "superAdmin.schools.list", { page: 1 }],
    ["super_admin", "superAdmin.schools.list", { page: 1, search: "maple" }],
    ["super_admin", "superAdmin.stats", undefined],
    ["super_admin", "superAdmin.auditLogs.list", { page: 1 }],
    ["super_admin", "superAdmin.auditLogs.recent", undefined],
    ["super_admin", "superAdmin.invitations.list", { page: 1 }],
    ["super_admin", "superAdmin.registrations.pending", { limit: 3 }],
    ["super_admin", "superAdmin.settings.get", undefined],
    ["super_admin", "superAdmin.security.status", undefined],
    ["school_admin", "schoolAdmin.dashboard", undefined],
    ["school_admin", "schoolAdmin.parents.list", { page: 1 }],
    ["school_admin", "schoolAdmin.invitations.list", { page: 1 }],
    ["school_admin", "schoolAdmin.billing.status", undefined],
    ["school_admin", "schoolAdmin.trips.list", { view: "week" }],
    ["school_admin", "schoolAdmin.trips.list", { view: "day", search: "north" }],
    ["school_admin", "schoolAdmin.trips.routes", undefined],
    ["school_admin", "schoolAdmin.notifications.list", { tab: "all" }],
    ["school_admin", "schoolAdmin.notifications.unreadCount", undefined],
    ["parent", "parent.overview", undefined],
    ["parent", "parent.notifications.list", { tab: "unread", search: "bus" }],
  ];

  it.each(PROCEDURES)("%s: %s costs at most 2 round trips (session + one batch)", async (role, path, input) => {
    const { count, log } = await tripsOf(t, path, input, await cookieOf(role));
    expect(count, log.join("\n")).toBeLessThanOrEqual(2);
    expect(log.filter((line) => SESSION_SQL.test(line))).toHaveLength(1);
  });

  it("ADR 0046: the routes list, a route with its stops and riders, and the parent's ride lookup cost at most 2", async () => {
    const admin = await callerFor(t, users.school_admin as never);
    const parent = await callerFor(t, users.parent as never);
    const bus = await admin.schoolAdmin.buses.create({ bus: { number: "12", seats: 40, plate: null } });
    const route = await admin.schoolAdmin.routes.create({
      route: {
        name: "Oak loop",
        direction: "pickup",
        colour: "#1f77b4",
        busId: bus.id,
        driverName: "Dana",
        activeFrom: "2026-03-01",
        activeTo: null,
        weekdays: [1, 2, 3, 4, 5],
      },
    });
    const { stopIds } = await admin.schoolAdmin.routes.stops.set({
      routeId: route.id,
      version: 0,
      stops: [
        { name: "Main St", latitude: 41.77, longitude: -88.15, time: "07:30", distanceMeters: 0 },
        { name: "School", latitude: 41.78, longitude: -88.14, time: "07:50", distanceMeters: 2100 },
      ],
    });
    const child = await parent.parent.children.create({
      child: { name: "Ada", age: 8, grade: "3rd Grade", school: "Maple", emergencyContact: "Gran 555 0100" },
    });
    await admin.schoolAdmin.riders.assign({
      childId: child.id,
      stopId: stopIds[0]!,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-01",
      toDate: null,
    });
    for (const [role, path, input] of [
      ["school_admin", "schoolAdmin.routes.list", { page: 1 }],
      ["school_admin", "schoolAdmin.routes.get", { routeId: route.id }],
      ["school_admin", "schoolAdmin.riders.list", { routeId: route.id }],
      ["school_admin", "schoolAdmin.buses.list", undefined],
      ["school_admin", "schoolAdmin.routes.noServiceDays.list", {}],
      ["parent", "parent.rides.lookup", undefined],
    ] as const) {
      const { count, log } = await tripsOf(t, path, input, await cookieOf(role));
      expect(count, `${path}\n${log.join("\n")}`).toBeLessThanOrEqual(2);
    }
  });

  it("production: the super admin's two-factor gate costs no extra round trip", async () => {
    const production = await createTestApp({ env: PRODUCTION_ENV, countRoundTrips: true });
    try {
      const admin = await createUser(production.db, "super_admin");
      const { cookie } = await sessionCookieFor(production.db, production.deps.config, admin, production.clock.now());
      // Without two-factor sign-in the gate refuses, still after one round trip.
      production.roundTrips!.reset();
      const refused = await query(production.app, "superAdmin.stats", undefined, { cookie });
      expect(refused.status).toBe(403);
      const refusedTrips = production.roundTrips!.log.filter((line) => !line.includes("audit_logs"));
      expect(refusedTrips).toHaveLength(1);
      await production.db.$client.execute({
        sql: "insert into totp_credentials (user_id, secret, enabled_at, created_at) values (?, 'JBSWY3DPEHPK3PXP', ?, ?)",
        args: [admin.id, production.clock.now().getTime(), production.clock.now().getTime()],
      });
      expect((await tripsOf(production, "superAdmin.stats", undefined, cookie)).count).toBe(2);
    } finally {
      production.close();
    }
  });

  it("the last-seen refresh is skipped until it is due, then costs one write (idle semantics unchanged)", async () => {
    const cookie = await cookieOf("school_admin");
    const refreshDue = Math.min(60 * MINUTE, SESSION_POLICIES.school_admin.idleMs / 10);
    t.clock.advance(refreshDue - 1);
    expect((await tripsOf(t, "auth.me", undefined, cookie)).count).toBe(1);
    t.clock.advance(1);
    const due = await tripsOf(t, "auth.me", undefined, cookie);
    expect(due.count).toBe(2);
    expect(due.log[1]).toMatch(/^execute update "sessions" set "last_seen_at"/);
    expect((await tripsOf(t, "auth.me", undefined, cookie)).count).toBe(1);
  });

  it("the session statement reads every table by its primary key (no scan)", async () => {
    const { log } = await tripsOf(t, "auth.me", undefined, await cookieOf("parent"));
    const statement = log[0]!.replace(/^execute /, "");
    const plan = await t.db.$client.execute({ sql: `explain query plan ${statement}`, args: ["no-such-session", 1] });
    const details = plan.rows.map((row) => String(row.detail));
    expect(details.length).toBeGreaterThanOrEqual(6);
    for (const detail of details)
      expect(detail).toMatch(/^SEARCH .* USING (INTEGER PRIMARY KEY|PRIMARY KEY|INDEX sqlite_autoindex_\w+)/);
  });
});

describe("one session check per HTTP request", () => {
  it("a batched request (the guard's auth.me and a page's list) looks the session up once", async () => {
    const cookie = await cookieOf("super_admin");
    const input = superjson.serialize({ page: 1 });
    const url = `http://localhost:8787/api/trpc/auth.me,superAdmin.schools.list,superAdmin.stats?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: input }))}`;
    trips.reset();
    const response = await t.app.request(url, { headers: { cookie } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Array<{ result?: unknown; error?: unknown }>;
    expect(body).toHaveLength(3);
    for (const part of body) expect(part.error).toBeUndefined();
    expect(trips.log.filter((line) => SESSION_SQL.test(line))).toHaveLength(1);
    // The session, then each list's own batch.
    expect(trips.count).toBe(3);
  });
});
