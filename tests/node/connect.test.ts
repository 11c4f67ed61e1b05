import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLogs, devStripeObjects, schools, stripeEvents } from "#db/schema/index.ts";
import { acceptsPayments } from "#shared/connect.ts";
import { CONNECT_MESSAGES } from "#shared/connect-status.ts";
import { FORBIDDEN_REASONS } from "#shared/mfa-reasons.ts";
import { SIMULATED_DUE_REQUIREMENTS } from "#worker/http/dev-stripe-connect.ts";
import { stripeEvent } from "#worker/stripe/events.ts";
import { loadObject, saveObject } from "#worker/stripe/simulator.ts";
import { accountWithRequirementsDue, completedAccount, type SimAccount } from "#worker/stripe/simulator-connect.ts";
import { createCallerFactory, resolveAuth } from "#worker/trpc/init.ts";
import { appRouter } from "#worker/trpc/router.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor, UNCONNECTED } from "../support/fixtures.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";
import { postStripeEvent } from "../support/http.ts";

let t: TestApp;
let schoolId: string;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeEach(async () => {
  t = await createTestApp();
  schoolId = (await createSchool(t.db, UNCONNECTED)).id;
  admin = await createUser(t.db, "school_admin", { schoolId });
});
afterEach(() => t.close());

const stored = async (id = schoolId) => (await t.db.select().from(schools).where(eq(schools.id, id)))[0]!;
const auditCount = async (eventType: string, id = schoolId) =>
  t.db.$count(auditLogs, and(eq(auditLogs.eventType, eventType), eq(auditLogs.schoolId, id)));
const simulatedAccounts = () => t.db.$count(devStripeObjects, eq(devStripeObjects.type, "account"));
const reasonOf = (error: unknown) =>
  ((error as TRPCError).cause as { details?: { reason?: string } } | undefined)?.details?.reason;

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error("expected the call to be refused");
}

/** A browser following the dev onboarding page's button: the signed webhook, then the return_url. */
async function onboard(url: string, action: "complete" | "requirements-due") {
  const path = new URL(url).pathname;
  const response = await t.app.request(`http://localhost:8787${path}/${action}`, { method: "POST" });
  expect(response.status).toBe(303);
  return response.headers.get("location");
}

async function postEvent(event: ReturnType<typeof stripeEvent>) {
  expect((await postStripeEvent(t, event)).status).toBe(200);
}

describe("Connect onboarding (ST5)", () => {
  it("a double click creates one connected account, with the school in its metadata", async () => {
    const caller = await callerFor(t, admin);
    const [first, second] = await Promise.all([
      caller.schoolAdmin.connect.startOnboarding(),
      caller.schoolAdmin.connect.startOnboarding(),
    ]);
    expect(first.url).toMatch(/\/dev\/stripe\/connect\/onboarding\/acctlink_/);
    expect(second.url).toMatch(/\/dev\/stripe\/connect\/onboarding\/acctlink_/);
    const accountId = (await stored()).stripeConnectAccountId!;
    expect(accountId).toMatch(/^acct_/);
    expect(await simulatedAccounts()).toBe(1);
    expect((await loadObject<SimAccount>(t.db, accountId))!.metadata).toEqual({ schoolId });
    expect(await auditCount("connect_account_created")).toBe(1);
  });

  it("two concurrent starts that got different accounts from Stripe keep one", async () => {
    const create = t.deps.stripe.accounts.create.bind(t.deps.stripe.accounts);
    let n = 0;
    // As if Stripe had not deduplicated: each call makes its own account.
    vi.spyOn(t.deps.stripe.accounts, "create").mockImplementation((params) =>
      create(params, { idempotencyKey: `race-${n++}` }),
    );
    const caller = await callerFor(t, admin);
    const links = await Promise.all([
      caller.schoolAdmin.connect.startOnboarding(),
      caller.schoolAdmin.connect.startOnboarding(),
    ]);
    const accountId = (await stored()).stripeConnectAccountId!;
    expect(await simulatedAccounts()).toBe(2);
    for (const link of links) {
      const linkId = new URL(link.url).pathname.split("/").pop()!;
      expect((await loadObject<{ account: string }>(t.db, linkId))!.account).toBe(accountId);
    }
    expect(await auditCount("connect_account_created")).toBe(1);
  });

  it("return does not trust the URL: the status comes from the account itself", async () => {
    const caller = await callerFor(t, admin);
    const { url } = await caller.schoolAdmin.connect.startOnboarding();
    // Opening the return_url (anyone can) and asking for the status: Stripe says onboarding is not done.
    const returned = await t.app.request("http://localhost:8787/school-admin/connect-stripe?onboarding=return");
    expect(returned.status).toBe(200);
    const before = await caller.schoolAdmin.connect.syncStatus();
    expect(before).toMatchObject({ status: "onboarding_incomplete", connected: false, chargesEnabled: false });
    expect(before.requirementsDue.length).toBeGreaterThan(0);
    expect((await stored()).connectDetailsSubmitted).toBe(false);

    // Stripe finishes the account without any event reaching us: the return reads it from Stripe.
    const accountId = (await stored()).stripeConnectAccountId!;
    await saveObject(
      t.db,
      "account",
      completedAccount((await loadObject<SimAccount>(t.db, accountId))!),
      t.clock.now(),
    );
    t.clock.advance(MINUTE);
    const after = await caller.schoolAdmin.connect.syncStatus();
    expect(after).toMatchObject({
      status: "charges_enabled",
      connected: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
    });
    expect(url).toContain("/dev/stripe/connect/onboarding/");
  });

  it("the dev page's Complete sends a signed account.updated, then returns; the gate opens", async () => {
    const caller = await callerFor(t, admin);
    expect((await caller.auth.me())?.paymentAccountConnected).toBe(false);
    const { url } = await caller.schoolAdmin.connect.startOnboarding();
    expect(await onboard(url, "complete")).toBe("http://localhost:8787/school-admin/connect-stripe?onboarding=return");
    expect(await stored()).toMatchObject({
      connectDetailsSubmitted: true,
      connectChargesEnabled: true,
      connectPayoutsEnabled: true,
      connectRequirementsDue: [],
    });
    expect(await auditCount("connect_charges_changed")).toBe(1);
    const fresh = await callerFor(t, admin);
    expect((await fresh.auth.me())?.paymentAccountConnected).toBe(true);
    await expect(fresh.schoolAdmin.dashboard()).resolves.toBeTruthy();
  });

  it("refresh mints a new link; a used or expired link goes to the refresh_url", async () => {
    const caller = await callerFor(t, admin);
    const first = await caller.schoolAdmin.connect.startOnboarding();
    const second = await caller.schoolAdmin.connect.startOnboarding();
    expect(second.url).not.toBe(first.url);
    expect(await simulatedAccounts()).toBe(1);

    await onboard(first.url, "requirements-due");
    const reused = await t.app.request(first.url);
    expect(reused.status).toBe(303);
    expect(reused.headers.get("location")).toBe("http://localhost:8787/school-admin/connect-stripe?onboarding=refresh");

    t.clock.advance(6 * MINUTE);
    const stale = await t.app.request(second.url);
    expect(stale.headers.get("location")).toBe("http://localhost:8787/school-admin/connect-stripe?onboarding=refresh");
    expect(await onboard(second.url, "complete")).toBe(
      "http://localhost:8787/school-admin/connect-stripe?onboarding=refresh",
    );
    expect((await stored()).connectChargesEnabled).toBe(false);
    const third = await caller.schoolAdmin.connect.startOnboarding();
    expect((await t.app.request(third.url)).status).toBe(200);
  });
});

describe("account.updated (ST5)", () => {
  const ACCOUNT = "acct_orderly";
  const base = () => completedAccount({ id: ACCOUNT } as SimAccount);
  beforeEach(async () => {
    await t.db.update(schools).set({ stripeConnectAccountId: ACCOUNT }).where(eq(schools.id, schoolId));
  });

  it("duplicated, out of order or concurrent deliveries end in the newest state", async () => {
    const t0 = t.clock.now().getTime();
    const due = stripeEvent(
      "account.updated",
      accountWithRequirementsDue(base(), ["external_account"]),
      new Date(t0 - 2 * MINUTE),
      ACCOUNT,
    );
    const enabled = stripeEvent("account.updated", base(), new Date(t0 - MINUTE), ACCOUNT);
    const newest = stripeEvent("account.updated", { ...base(), payouts_enabled: false }, new Date(t0), ACCOUNT);
    const orders = [
      [due, enabled, newest],
      [newest, enabled, due],
      [enabled, newest, due, newest, due],
      [newest, due, enabled, enabled],
    ];
    for (const order of orders) {
      await t.db
        .update(schools)
        .set({ ...UNCONNECTED, stripeConnectAccountId: ACCOUNT, connectStatusAt: null })
        .where(eq(schools.id, schoolId));
      await t.db.delete(stripeEvents);
      for (const event of order) await postEvent(event);
      expect(await stored()).toMatchObject({
        connectDetailsSubmitted: true,
        connectChargesEnabled: true,
        connectPayoutsEnabled: false,
        connectRequirementsDue: [],
      });
    }
    await t.db
      .update(schools)
      .set({ ...UNCONNECTED, stripeConnectAccountId: ACCOUNT, connectStatusAt: null })
      .where(eq(schools.id, schoolId));
    await t.db.delete(stripeEvents);
    await Promise.all([due, enabled, newest, newest, due].map(postEvent));
    expect(await stored()).toMatchObject({
      connectChargesEnabled: true,
      connectPayoutsEnabled: false,
      connectRequirementsDue: [],
    });
  });

  it("LG1 a change of charges_enabled is audited once per change", async () => {
    const t0 = t.clock.now().getTime();
    const off = stripeEvent(
      "account.updated",
      accountWithRequirementsDue(base(), ["external_account"]),
      new Date(t0),
      ACCOUNT,
    );
    await postEvent(stripeEvent("account.updated", base(), new Date(t0 - MINUTE), ACCOUNT));
    await postEvent(off);
    await postEvent(off);
    await postEvent(
      stripeEvent(
        "account.updated",
        accountWithRequirementsDue(base(), ["external_account"]),
        new Date(t0 + MINUTE),
        ACCOUNT,
      ),
    );
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "connect_charges_changed"));
    expect(rows.map((row) => (row.metadata as { charges_enabled: boolean }).charges_enabled)).toEqual([true, false]);
  });

  it("ST5 account.updated with requirements currently_due blocks payment", async () => {
    await postEvent(stripeEvent("account.updated", base(), new Date(t.clock.now().getTime() - MINUTE), ACCOUNT));
    expect(acceptsPayments(await stored())).toBe(true);
    const due = {
      ...base(),
      requirements: {
        currently_due: SIMULATED_DUE_REQUIREMENTS,
        eventually_due: [],
        past_due: [],
        disabled_reason: null,
      },
    };
    await postEvent(stripeEvent("account.updated", due, t.clock.now(), ACCOUNT));
    const school = await stored();
    expect(school.connectRequirementsDue).toEqual(SIMULATED_DUE_REQUIREMENTS);
    expect(acceptsPayments(school)).toBe(false);
    const status = await (await callerFor(t, admin)).schoolAdmin.connect.status();
    expect(status).toMatchObject({ status: "requirements_due", acceptsPayments: false });
  });

  it("an event for an account no school holds, or naming another account, changes nothing", async () => {
    await postEvent(stripeEvent("account.updated", { ...base(), id: "acct_stranger" }, t.clock.now(), "acct_stranger"));
    await postEvent(stripeEvent("account.updated", base(), t.clock.now(), "acct_stranger"));
    expect(await stored()).toMatchObject({ connectDetailsSubmitted: false, connectChargesEnabled: false });
  });
});

describe("the Connect gate (spec §2)", () => {
  it("an unconnected school's admin is refused trips, notifications and the dashboard, but reaches connect and billing", async () => {
    const caller = await callerFor(t, admin);
    for (const refused of [
      caller.schoolAdmin.trips.list({ view: "week" }),
      caller.schoolAdmin.notifications.list({ tab: "all" }),
      caller.schoolAdmin.dashboard(),
    ]) {
      const error = await rejection(refused);
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe(CONNECT_MESSAGES.required);
      expect(reasonOf(error)).toBe(FORBIDDEN_REASONS.connectRequired);
    }
    await expect(caller.schoolAdmin.connect.status()).resolves.toMatchObject({
      status: "not_started",
      platformFeeBps: 500,
    });
    await expect(caller.schoolAdmin.billing.status()).resolves.toMatchObject({ status: "active" });
    await expect(caller.schoolAdmin.account.exportData()).resolves.toBeTruthy();
  });

  it("comes after the subscription gate", async () => {
    await t.db.update(schools).set({ subscriptionStatus: "cancelled" }).where(eq(schools.id, schoolId));
    const caller = await callerFor(t, admin);
    const error = await rejection(caller.schoolAdmin.dashboard());
    expect(error.message).toMatch(/subscription is not active/);
    expect((await rejection(caller.schoolAdmin.connect.startOnboarding())).code).toBe("FORBIDDEN");
    await expect(caller.schoolAdmin.billing.status()).resolves.toBeTruthy();
  });

  it("a school whose account has not finished onboarding is still gated", async () => {
    await t.db
      .update(schools)
      .set({ stripeConnectAccountId: "acct_halfway", connectChargesEnabled: true })
      .where(eq(schools.id, schoolId));
    const caller = await callerFor(t, admin);
    expect(reasonOf(await rejection(caller.schoolAdmin.dashboard()))).toBe(FORBIDDEN_REASONS.connectRequired);
  });
});

describe("changing the payout account (SE6, LG1)", () => {
  const createCaller = createCallerFactory(appRouter);
  const withoutSudo = async () => {
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    return createCaller({
      deps: t.deps,
      meta: { ipAddress: null, userAgent: null, requestId: null },
      resHeaders: new Headers(),
      auth: await resolveAuth(t.deps, cookie),
    });
  };

  beforeEach(async () => {
    const { url } = await (await callerFor(t, admin)).schoolAdmin.connect.startOnboarding();
    await onboard(url, "complete");
  });

  it("SE6 replacing the payout account without sudo mode is refused (403) and changes nothing", async () => {
    const current = (await stored()).stripeConnectAccountId!;
    const error = await rejection(
      (await withoutSudo()).schoolAdmin.connect.replaceAccount({ currentAccountId: current }),
    );
    expect(error.code).toBe("FORBIDDEN");
    expect(reasonOf(error)).toBe(FORBIDDEN_REASONS.sudoRequired);
    expect((await stored()).stripeConnectAccountId).toBe(current);
    expect(await simulatedAccounts()).toBe(1);
  });

  it("with sudo mode: a new account to onboard, audited, once under a double click", async () => {
    const current = (await stored()).stripeConnectAccountId!;
    const caller = await callerFor(t, admin);
    const [a, b] = await Promise.allSettled([
      caller.schoolAdmin.connect.replaceAccount({ currentAccountId: current }),
      caller.schoolAdmin.connect.replaceAccount({ currentAccountId: current }),
    ]);
    expect([a.status, b.status]).toContain("fulfilled");
    const school = await stored();
    expect(school.stripeConnectAccountId).not.toBe(current);
    expect(school).toMatchObject({ connectDetailsSubmitted: false, connectChargesEnabled: false });
    expect(await simulatedAccounts()).toBe(2);
    const [row] = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "connect_account_replaced"));
    expect(row).toMatchObject({
      userId: admin.id,
      schoolId,
      metadata: { from: current, to: school.stripeConnectAccountId },
    });
    expect(await auditCount("connect_account_replaced")).toBe(1);
    // The page the admin saw is stale now.
    expect(await failure(caller.schoolAdmin.connect.replaceAccount({ currentAccountId: current }))).toEqual({
      code: "CONFLICT",
      message: CONNECT_MESSAGES.replaceStale,
    });
  });

  it("another school's account id is never replaced", async () => {
    const other = await createSchool(t.db);
    const error = await failure(
      (await callerFor(t, admin)).schoolAdmin.connect.replaceAccount({
        currentAccountId: other.stripeConnectAccountId!,
      }),
    );
    expect(error.code).toBe("CONFLICT");
    expect((await stored(other.id)).stripeConnectAccountId).toBe(other.stripeConnectAccountId);
  });
});
