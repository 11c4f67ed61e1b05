import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogPurges, auditLogs, schools } from "#db/schema/index.ts";
import { auditRetentionJob, runScheduled } from "#worker/cron/scheduled.ts";
import { stripeEvent } from "#worker/stripe/events.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, DAY, type TestApp } from "../support/harness.ts";
import { mutate, postStripeEvent, query } from "../support/http.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const YEAR = 365 * DAY;

async function insertAudit(createdAt: Date, eventType = "login") {
  const [row] = await t.db.insert(auditLogs).values({ eventType, description: "d", createdAt }).returning();
  return row!;
}

/** The database's reason for refusing a statement (drizzle wraps it as the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return String((error as Error).cause ?? error);
  }
  throw new Error("the statement was not refused");
}

const cronDeps = () => ({
  db: t.db,
  queue: t.deps.queue,
  logger: t.logger,
  appUrl: "http://localhost:8787",
  stripe: t.deps.stripe,
});

describe("append-only audit log (LG1)", () => {
  it("LG1 audit rows cannot be updated", async () => {
    const row = await insertAudit(t.clock.now());
    expect(
      await refusal(t.db.update(auditLogs).set({ description: "rewritten" }).where(eq(auditLogs.id, row.id))),
    ).toMatch(/append-only/);
    // Not even a row old enough to be purged.
    const old = await insertAudit(new Date(t.clock.now().getTime() - 5 * YEAR));
    expect(await refusal(t.db.update(auditLogs).set({ userId: "someone" }).where(eq(auditLogs.id, old.id)))).toMatch(
      /append-only/,
    );
    expect((await t.db.select().from(auditLogs).where(eq(auditLogs.id, row.id)))[0]).toEqual(row);
  });

  it("LG1 audit rows cannot be deleted outside the retention purge", async () => {
    const recent = await insertAudit(t.clock.now());
    const old = await insertAudit(new Date(t.clock.now().getTime() - 5 * YEAR));
    // A plain delete, of a recent or of an old row, with no purge marker.
    expect(await refusal(t.db.delete(auditLogs).where(eq(auditLogs.id, recent.id)))).toMatch(/retention purge/);
    expect(await refusal(t.db.delete(auditLogs).where(eq(auditLogs.id, old.id)))).toMatch(/retention purge/);
    expect(await refusal(t.db.delete(auditLogs))).toMatch(/retention purge/);
    // A marker that would unlock recent rows is refused (the database's clock, not the app's, decides).
    expect(await refusal(t.db.insert(auditLogPurges).values({ cutoff: new Date(), createdAt: new Date() }))).toMatch(
      /at least 3 years old/,
    );
    expect(
      await refusal(
        t.db.insert(auditLogPurges).values({ cutoff: new Date(Date.now() - 2 * YEAR), createdAt: new Date() }),
      ),
    ).toMatch(/at least 3 years old/);
    expect(await t.db.$count(auditLogs)).toBe(2);

    // The purge path removes the old row only; its marker cannot be moved forward or removed afterwards.
    expect(await runScheduled(cronDeps(), t.clock.now(), [auditRetentionJob])).toEqual({
      "audit-retention": { auditLogs: 1 },
    });
    expect((await t.db.select({ id: auditLogs.id }).from(auditLogs)).map((r) => r.id)).toEqual([recent.id]);
    const [marker] = await t.db.select().from(auditLogPurges);
    expect(
      await refusal(t.db.update(auditLogPurges).set({ cutoff: new Date() }).where(eq(auditLogPurges.id, marker!.id))),
    ).toMatch(/append-only/);
    expect(await refusal(t.db.delete(auditLogPurges))).toMatch(/append-only/);
    expect(await refusal(t.db.delete(auditLogs).where(eq(auditLogs.id, recent.id)))).toMatch(/retention purge/);
    expect(await t.db.$count(auditLogs)).toBe(1);
  });

  it("LG1 an authorization denial is logged", async () => {
    const parent = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    const denied = async () => t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "authorization_denied"));

    // FORBIDDEN: a parent calling a school admin procedure; the input (a canary) is not recorded.
    const forbidden = await mutate(
      t.app,
      "schoolAdmin.parents.setActive",
      { parentId: "canary-input-7731", active: false },
      { cookie },
    );
    expect(forbidden.error?.data.code).toBe("FORBIDDEN");
    const [row] = await denied();
    expect(row).toMatchObject({
      userId: parent.id,
      userRole: "parent",
      schoolId: parent.schoolId,
      metadata: { path: "schoolAdmin.parents.setActive", code: "FORBIDDEN" },
      ipAddress: "192.0.2.1",
    });
    expect(JSON.stringify(row)).not.toContain("canary-input-7731");

    // Capped: one row per user and procedure per minute, however many calls.
    for (let i = 0; i < 5; i++)
      await mutate(t.app, "schoolAdmin.parents.setActive", { parentId: "x", active: false }, { cookie });
    expect(await denied()).toHaveLength(1);
    t.clock.advance(61_000);
    await mutate(t.app, "schoolAdmin.parents.setActive", { parentId: "x", active: false }, { cookie });
    expect(await denied()).toHaveLength(2);

    // NOT_FOUND: a school admin naming another school's parent.
    const admin = await createUser(t.db, "school_admin");
    const adminCookie = (await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now())).cookie;
    const notFound = await mutate(
      t.app,
      "schoolAdmin.parents.setActive",
      { parentId: parent.id, active: false },
      { cookie: adminCookie },
    );
    expect(notFound.error?.data.code).toBe("NOT_FOUND");
    expect(
      await t.db.$count(
        auditLogs,
        and(eq(auditLogs.eventType, "authorization_denied"), eq(auditLogs.userId, admin.id)),
      ),
    ).toBe(1);

    // Anonymous callers (UNAUTHORIZED) are not rows: nobody to attribute them to.
    await query(t.app, "superAdmin.stats");
    expect(await denied()).toHaveLength(3);

    // A failed insert never fails the request: the caller still gets its FORBIDDEN, the log a line.
    await t.db.run(
      sql`create temp trigger refuse_denials before insert on audit_logs when new.event_type = 'authorization_denied' begin select raise(abort, 'disk full'); end`,
    );
    const stillForbidden = await query(t.app, "superAdmin.stats", undefined, { cookie });
    expect(stillForbidden.error?.data.code).toBe("FORBIDDEN");
    expect(t.logger.lines.some((line) => line.includes("authorization denial not recorded"))).toBe(true);
  });

  it("LG1 a webhook subscription change is logged", async () => {
    const school = await createSchool(t.db, {
      stripeSubscriptionId: "sub_1",
      stripeCustomerId: "cus_1",
      subscriptionStatus: "active",
    });
    const post = async (event: ReturnType<typeof stripeEvent>) =>
      expect((await postStripeEvent(t, event)).status).toBe(200);
    const rows = () =>
      t.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.eventType, "subscription_status_changed"))
        .orderBy(auditLogs.createdAt);
    const subscription = (status: string) => ({
      id: "sub_1",
      object: "subscription",
      status,
      customer: "cus_1",
      metadata: {},
    });

    const pastDue = stripeEvent("customer.subscription.updated", subscription("past_due"), t.clock.now());
    await post(pastDue);
    expect(await rows()).toMatchObject([
      {
        schoolId: school.id,
        userId: null,
        metadata: { from: "active", to: "past_due", stripe_event_id: pastDue.id },
        description: "Subscription status changed from active to past_due (Stripe)",
      },
    ]);
    // A replay, a stale event and an event that changes nothing add no row.
    await post(pastDue);
    await post(
      stripeEvent("customer.subscription.updated", subscription("active"), new Date(t.clock.now().getTime() - DAY)),
    );
    t.clock.advance(60_000);
    await post(stripeEvent("customer.subscription.updated", subscription("past_due"), t.clock.now()));
    expect(await rows()).toHaveLength(1);
    // invoice.paid brings it back: logged too.
    t.clock.advance(60_000);
    const paid = stripeEvent("invoice.paid", { id: "in_1", object: "invoice", subscription: "sub_1" }, t.clock.now());
    await post(paid);
    expect((await rows()).map((r) => r.metadata)).toEqual([
      { from: "active", to: "past_due", stripe_event_id: pastDue.id },
      { from: "past_due", to: "active", stripe_event_id: paid.id },
    ]);
    expect((await t.db.select().from(schools).where(eq(schools.id, school.id)))[0]!.subscriptionStatus).toBe("active");
  });
});
