import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDatabase } from "#db/client.ts";
import { applyMigrations } from "#db/migrate.ts";
import { notificationPreferences } from "#db/schema/index.ts";
import {
  defaultPreferences,
  EVENT_KINDS,
  PREFERENCES_MESSAGES,
  type Preferences,
  type SetPreferences,
} from "#shared/preferences.ts";
import { heldOf } from "#worker/services/notifications/held.ts";
import { deliveryPlan, emailWanted, inQuietHours } from "#worker/services/notifications/preferences.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { migrationsBefore } from "../support/migrations.ts";

const CHICAGO = "America/Chicago";
const at = (iso: string) => new Date(iso);
const with_ = (change: Partial<Preferences>): Preferences => ({ ...defaultPreferences(), ...change });
const night = { start: "22:00", end: "07:00" };

describe("the event kinds", () => {
  it("the school's safety messages are the late bus and the cancelled run, and never wait for the digest", () => {
    expect(EVENT_KINDS.filter((entry) => entry.safetyCritical).map((entry) => entry.kind)).toEqual([
      "runLate",
      "runCancelled",
    ]);
    for (const entry of EVENT_KINDS) if (entry.safetyCritical) expect(entry.digestible).toBe(false);
  });

  it("are quiet by default: push only for a child's day, e-mail only where SchoolRide e-mailed before (a school's message: when it asks)", () => {
    const { channels } = defaultPreferences();
    const on = (channel: "push" | "email") =>
      EVENT_KINDS.filter((entry) => channels[entry.kind][channel]).map((entry) => entry.kind);
    expect(on("push")).toEqual(["busApproaching", "attendance", "runLate", "runCancelled"]);
    expect(on("email")).toEqual([
      "schoolMessage",
      "invoiceIssued",
      "invoiceOverdue",
      "paymentReceipt",
      "fieldTripReminder",
    ]);
    expect(defaultPreferences()).toMatchObject({ approachMinutes: 5, quietHours: null, digest: false });
  });
});

describe("quiet hours, on the school's wall clock", () => {
  it("run over midnight: from the start up to, not including, the end (winter and summer alike)", () => {
    // CST (UTC-6).
    expect(inQuietHours(night, at("2026-12-01T03:59:00Z"), CHICAGO)).toBe(false); // 21:59
    expect(inQuietHours(night, at("2026-12-01T04:00:00Z"), CHICAGO)).toBe(true); // 22:00
    expect(inQuietHours(night, at("2026-12-01T06:00:00Z"), CHICAGO)).toBe(true); // 00:00
    expect(inQuietHours(night, at("2026-12-01T12:59:00Z"), CHICAGO)).toBe(true); // 06:59
    expect(inQuietHours(night, at("2026-12-01T13:00:00Z"), CHICAGO)).toBe(false); // 07:00
    // CDT (UTC-5): the same local hours, an hour earlier in UTC.
    expect(inQuietHours(night, at("2026-07-01T02:59:00Z"), CHICAGO)).toBe(false); // 21:59
    expect(inQuietHours(night, at("2026-07-01T03:00:00Z"), CHICAGO)).toBe(true); // 22:00
    expect(inQuietHours(night, at("2026-07-01T11:59:00Z"), CHICAGO)).toBe(true); // 06:59
    expect(inQuietHours(night, at("2026-07-01T12:00:00Z"), CHICAGO)).toBe(false); // 07:00
  });

  it("within a day: 09:00 to 17:00", () => {
    const day = { start: "09:00", end: "17:00" };
    expect(inQuietHours(day, at("2026-12-01T14:59:00Z"), CHICAGO)).toBe(false); // 08:59
    expect(inQuietHours(day, at("2026-12-01T15:00:00Z"), CHICAGO)).toBe(true); // 09:00
    expect(inQuietHours(day, at("2026-12-01T22:59:00Z"), CHICAGO)).toBe(true); // 16:59
    expect(inQuietHours(day, at("2026-12-01T23:00:00Z"), CHICAGO)).toBe(false); // 17:00
  });

  it("follow the clock over the spring-forward night (8 hours, not 9) and its missing hour", () => {
    // 2026-03-08: 02:00 CST becomes 03:00 CDT at 08:00Z.
    expect(inQuietHours(night, at("2026-03-08T04:00:00Z"), CHICAGO)).toBe(true); // 22:00 CST
    expect(inQuietHours(night, at("2026-03-08T07:59:00Z"), CHICAGO)).toBe(true); // 01:59 CST
    expect(inQuietHours(night, at("2026-03-08T08:00:00Z"), CHICAGO)).toBe(true); // 03:00 CDT
    expect(inQuietHours(night, at("2026-03-08T11:59:00Z"), CHICAGO)).toBe(true); // 06:59 CDT
    expect(inQuietHours(night, at("2026-03-08T12:00:00Z"), CHICAGO)).toBe(false); // 07:00 CDT
    // A window partly inside the skipped hour ends when the clock jumps past it.
    const skipped = { start: "01:30", end: "02:30" };
    expect(inQuietHours(skipped, at("2026-03-08T07:29:00Z"), CHICAGO)).toBe(false); // 01:29 CST
    expect(inQuietHours(skipped, at("2026-03-08T07:30:00Z"), CHICAGO)).toBe(true); // 01:30 CST
    expect(inQuietHours(skipped, at("2026-03-08T07:59:00Z"), CHICAGO)).toBe(true); // 01:59 CST
    expect(inQuietHours(skipped, at("2026-03-08T08:00:00Z"), CHICAGO)).toBe(false); // 03:00 CDT
  });

  it("hold both passes of the repeated hour on the fall-back night", () => {
    // 2026-11-01: 02:00 CDT becomes 01:00 CST at 07:00Z, so 01:00–02:00 happens twice.
    const repeated = { start: "01:00", end: "02:00" };
    expect(inQuietHours(repeated, at("2026-11-01T05:59:00Z"), CHICAGO)).toBe(false); // 00:59 CDT
    expect(inQuietHours(repeated, at("2026-11-01T06:00:00Z"), CHICAGO)).toBe(true); // 01:00 CDT
    expect(inQuietHours(repeated, at("2026-11-01T06:59:00Z"), CHICAGO)).toBe(true); // 01:59 CDT
    expect(inQuietHours(repeated, at("2026-11-01T07:00:00Z"), CHICAGO)).toBe(true); // 01:00 CST
    expect(inQuietHours(repeated, at("2026-11-01T07:59:00Z"), CHICAGO)).toBe(true); // 01:59 CST
    expect(inQuietHours(repeated, at("2026-11-01T08:00:00Z"), CHICAGO)).toBe(false); // 02:00 CST
    // The night's window is 10 hours long that night, and still ends at 07:00 CST.
    expect(inQuietHours(night, at("2026-11-01T12:59:00Z"), CHICAGO)).toBe(true); // 06:59 CST
    expect(inQuietHours(night, at("2026-11-01T13:00:00Z"), CHICAGO)).toBe(false); // 07:00 CST
  });

  it("equal start and end are an empty window; none at all is never quiet", () => {
    const same = { start: "07:00", end: "07:00" };
    for (const iso of ["2026-12-01T13:00:00Z", "2026-12-01T12:59:00Z", "2026-12-01T04:00:00Z"])
      expect(inQuietHours(same, at(iso), CHICAGO)).toBe(false);
    expect(inQuietHours(null, at("2026-12-01T06:00:00Z"), CHICAGO)).toBe(false);
  });

  it("read in the school's zone, not the server's: 23:00 in Chicago is quiet, the same instant in London is not", () => {
    const instant = at("2026-12-02T05:00:00Z"); // 23:00 CST, 05:00 GMT
    expect(inQuietHours({ start: "22:00", end: "23:30" }, instant, CHICAGO)).toBe(true);
    expect(inQuietHours({ start: "22:00", end: "23:30" }, instant, "Europe/London")).toBe(false);
  });
});

describe("deliveryPlan", () => {
  const day = at("2026-12-01T18:00:00Z"); // 12:00 CST
  const late = at("2026-12-02T05:00:00Z"); // 23:00 CST

  it("in-app always goes now, whatever the kind and the choices", () => {
    const everything = with_({ quietHours: night, digest: true });
    for (const entry of EVENT_KINDS)
      for (const push of [false, true])
        for (const email of [false, true]) {
          everything.channels[entry.kind] = { push, email };
          for (const now of [day, late])
            expect(deliveryPlan(entry.kind, everything, now, CHICAGO).now[0]).toBe("inApp");
        }
  });

  it("by default: push for the bus, e-mail for an invoice, the app alone for a trip change", () => {
    expect(deliveryPlan("busApproaching", defaultPreferences(), day, CHICAGO)).toEqual({
      now: ["inApp", "push"],
      digest: [],
      quiet: [],
    });
    expect(deliveryPlan("invoiceIssued", defaultPreferences(), day, CHICAGO)).toEqual({
      now: ["inApp", "email"],
      digest: [],
      quiet: [],
    });
    expect(deliveryPlan("tripChanged", defaultPreferences(), day, CHICAGO)).toEqual({
      now: ["inApp"],
      digest: [],
      quiet: [],
    });
  });

  it("quiet hours hold push back (the in-app notice stays), not e-mail, and never a safety message", () => {
    const prefs = with_({ quietHours: night });
    prefs.channels.attendance = { push: true, email: true };
    expect(deliveryPlan("attendance", prefs, late, CHICAGO)).toEqual({
      now: ["inApp", "email"],
      digest: [],
      quiet: ["push"],
    });
    expect(deliveryPlan("attendance", prefs, day, CHICAGO)).toEqual({
      now: ["inApp", "push", "email"],
      digest: [],
      quiet: [],
    });
    for (const kind of ["runLate", "runCancelled"] as const)
      expect(deliveryPlan(kind, prefs, late, CHICAGO)).toEqual({ now: ["inApp", "push"], digest: [], quiet: [] });
  });

  it("with the digest on, non-urgent kinds wait for it (even in quiet hours); urgent and safety kinds do not", () => {
    const prefs = with_({ digest: true, quietHours: night });
    prefs.channels.schoolMessage = { push: true, email: true };
    prefs.channels.runCancelled = { push: true, email: true };
    expect(deliveryPlan("invoiceOverdue", prefs, day, CHICAGO)).toEqual({
      now: ["inApp"],
      digest: ["email"],
      quiet: [],
    });
    expect(deliveryPlan("schoolMessage", prefs, late, CHICAGO)).toEqual({
      now: ["inApp"],
      digest: ["push", "email"],
      quiet: [],
    });
    expect(deliveryPlan("busApproaching", prefs, day, CHICAGO)).toEqual({
      now: ["inApp", "push"],
      digest: [],
      quiet: [],
    });
    expect(deliveryPlan("runCancelled", prefs, late, CHICAGO)).toEqual({
      now: ["inApp", "push", "email"],
      digest: [],
      quiet: [],
    });
  });

  it("a channel turned off goes nowhere", () => {
    const prefs = with_({ digest: true, quietHours: night });
    prefs.channels.runLate = { push: false, email: false };
    expect(deliveryPlan("runLate", prefs, late, CHICAGO)).toEqual({ now: ["inApp"], digest: [], quiet: [] });
  });

  it("emailWanted: e-mail off is no e-mail; one kept for the digest is not sent now but held for it (ADR 0075)", () => {
    const off = with_({});
    off.channels.invoiceIssued = { push: false, email: false };
    expect(emailWanted("invoiceIssued", off, day, CHICAGO)).toBe(false);
    expect(heldOf("invoiceIssued", off, day, CHICAGO)).toBeNull();
    expect(emailWanted("invoiceIssued", defaultPreferences(), late, CHICAGO)).toBe(true);
    expect(heldOf("invoiceIssued", defaultPreferences(), late, CHICAGO)).toBeNull();
    expect(emailWanted("invoiceIssued", with_({ digest: true }), day, CHICAGO)).toBe(false);
    expect(heldOf("invoiceIssued", with_({ digest: true }), day, CHICAGO)).toMatchObject({
      reason: "digest",
      email: true,
      push: false,
    });
  });
});

describe("parent.preferences", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const chosen = (): SetPreferences => {
    const prefs = defaultPreferences();
    prefs.channels.schoolMessage = { push: true, email: true };
    prefs.channels.invoiceIssued = { push: false, email: false };
    return { ...prefs, approachMinutes: 10, quietHours: { start: "21:30", end: "06:45" }, digest: true };
  };

  it("answers the quiet defaults until saved, then what was saved, to that parent only", async () => {
    const school = await createSchool(t.db, { timeZone: CHICAGO });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
    const api = await callerFor(t, parent);
    expect(await api.parent.preferences.get()).toEqual(defaultPreferences());
    expect(await api.parent.preferences.set(chosen())).toEqual(chosen());
    expect(await api.parent.preferences.get()).toEqual(chosen());
    expect(await (await callerFor(t, neighbour)).parent.preferences.get()).toEqual(defaultPreferences());
    // Saved again (quiet hours off): one row, updated.
    await api.parent.preferences.set({ ...chosen(), quietHours: null });
    expect((await api.parent.preferences.get()).quietHours).toBeNull();
    expect(await t.db.$count(notificationPreferences)).toBe(1);
  });

  it("a kind the stored row does not know (added since) has its default", async () => {
    const school = await createSchool(t.db);
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    await t.db.insert(notificationPreferences).values({
      userRole: "parent",
      userId: parent.id,
      schoolId: school.id,
      channels: { busApproaching: { push: false, email: true } },
      approachMinutes: 3,
    });
    const got = await (await callerFor(t, parent)).parent.preferences.get();
    expect(got.channels.busApproaching).toEqual({ push: false, email: true });
    expect(got.channels.invoiceOverdue).toEqual({ push: false, email: true });
    expect(got.approachMinutes).toBe(3);
  });

  it("refuses a bad time, equal quiet times, an unknown or missing kind and a lead time not offered, saving nothing", async () => {
    const school = await createSchool(t.db);
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const api = await callerFor(t, parent);
    const good = chosen();
    const cases: [unknown, string][] = [
      [{ ...good, quietHours: { start: "9pm", end: "06:00" } }, PREFERENCES_MESSAGES.time],
      [{ ...good, quietHours: { start: "24:00", end: "06:00" } }, PREFERENCES_MESSAGES.time],
      [{ ...good, quietHours: { start: "07:00", end: "07:00" } }, PREFERENCES_MESSAGES.quietSame],
      [{ ...good, approachMinutes: 7 }, PREFERENCES_MESSAGES.approachMinutes],
      [{ ...good, channels: { ...good.channels, nope: { push: true, email: true } } }, "no field named nope"],
    ];
    for (const [input, message] of cases) {
      const refused = await failure(api.parent.preferences.set(input as SetPreferences));
      expect(refused.code, JSON.stringify(input)).toBe("BAD_REQUEST");
      expect(refused.message, JSON.stringify(input)).toContain(message);
    }
    const { runLate: _, ...missing } = good.channels;
    expect((await failure(api.parent.preferences.set({ ...good, channels: missing } as SetPreferences))).code).toBe(
      "BAD_REQUEST",
    );
    expect(await t.db.$count(notificationPreferences)).toBe(0);
  });

  it("is the parent's own: a school admin and a driver are refused", async () => {
    const school = await createSchool(t.db);
    for (const role of ["school_admin", "driver"] as const) {
      const user = await createUser(t.db, role, { schoolId: school.id });
      expect((await failure((await callerFor(t, user)).parent.preferences.get())).code).toBe("FORBIDDEN");
    }
  });
});

describe("the preferences migration (ADR 0066)", () => {
  const dir = mkdtempSync(join(tmpdir(), "schoolride-preferences-migration-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("moves each parent's approach lead time into their preferences and drops the old table", async () => {
    const db = createDatabase({ url: `file:${join(dir, "db.db")}` });
    await migrate(db, { migrationsFolder: migrationsBefore(dir, "_notification_preferences") });
    await db.$client.executeMultiple(`
      insert into schools (id, name, email, code, is_active, subscription_status, created_at, updated_at) values
        ('s1', 'Hawthorn Primary', 'office@hawthorn.example', 'HAWTH1', 1, 'active', 1, 1);
      insert into parents (id, school_id, email, name, password_hash, created_at, updated_at) values
        ('p1', 's1', 'pat@family.example', 'Pat', 'x', 1, 1),
        ('p2', 's1', 'sam@family.example', 'Sam', 'x', 1, 1);
      insert into parent_live_settings (parent_id, school_id, approach_minutes, updated_at) values ('p1', 's1', 10, 7);
    `);
    await applyMigrations(db);
    expect(await db.select().from(notificationPreferences)).toEqual([
      {
        userRole: "parent",
        userId: "p1",
        schoolId: "s1",
        channels: {},
        approachMinutes: 10,
        quietStart: null,
        quietEnd: null,
        digest: false,
        updatedAt: new Date(7),
      },
    ]);
    expect(await db.all(sql`select name from sqlite_master where name = 'parent_live_settings'`)).toEqual([]);
    db.$client.close();
  });
});
