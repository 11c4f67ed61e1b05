import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLogs, emailLogs, invoices, payments, schools } from "#db/schema/index.ts";
import type { PayableKind } from "#shared/payment-texts.ts";
import { PAYING_SCHOOL_COLUMNS, startPayableCheckout } from "#worker/services/payments/checkout.ts";
import type { Payable } from "#worker/services/payments/payable.ts";
import {
  fromSchoolAccount,
  type PaymentContext,
  paymentRefunded,
  paymentRowEffects,
  paymentSucceeded,
  recordedAccountOf,
} from "#worker/services/payments/payment-rows.ts";
import { settleOwedRefunds } from "#worker/services/payments/settle.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, HOUR, type TestApp } from "../support/harness.ts";
import { checkoutSessionOf } from "../support/stripe-checkout.ts";

/**
 * Payments know nothing of what is paid for (ADR 0042): they reach invoices and enrolments only
 * through the `Payable` of each kind, listed in services/payables.ts.
 */

describe("services/payments imports nothing of the domains it is paid for", () => {
  const root = join(import.meta.dirname, "../../worker/services/payments");
  const files = readdirSync(root).filter((name) => name.endsWith(".ts"));

  it("no module under services/payments imports from services/invoices or services/flight-trips", () => {
    expect(files.length).toBeGreaterThan(4);
    const offending = files.flatMap((name) =>
      [...readFileSync(join(root, name), "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)]
        .map((match) => match[1]!)
        .filter((specifier) => /(^|\/)(invoices|flight-trips)\//.test(specifier))
        .map((specifier) => `${name}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});

/**
 * A fake third payable kind, registered in this test only (vi.mock adds it to the one list): a
 * fee that keeps at most its current amount. The database has no link column for a kind that does
 * not exist (a real one adds its own, like `enrollment_id`), so the fake borrows `invoice_id` and a
 * stand-in invoice row; the invoice's own code must never run for it.
 */
const fake = vi.hoisted(() => ({
  kind: "fake_fee" as PayableKind,
  fees: new Map<string, { cents: number; schoolId: string; parentId: string }>(),
  calls: [] as string[],
}));
const FAKE_KIND = fake.kind;

vi.mock("../../worker/services/payables.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("#worker/services/payables.ts")>();
  const ofFake = (ids: string[]) =>
    and(eq(payments.kind, fake.kind), inArray(payments.invoiceId, ids), eq(payments.status, "succeeded"));
  const fakeFee: Payable = {
    kind: fake.kind,
    link: "invoiceId",
    returnPath: "/parent/fees",
    async paymentEffects(db, facts, id) {
      const fee = fake.fees.get(id);
      if (!fee) return null;
      const [school] = await db
        .select({
          account: schools.stripeConnectAccountId,
          bps: schools.platformFeeBps,
          recorded: recordedAccountOf(facts),
        })
        .from(schools)
        .where(eq(schools.id, fee.schoolId));
      const context: PaymentContext = {
        kind: fake.kind,
        link: "invoiceId",
        payableId: id,
        schoolId: fee.schoolId,
        parentId: fee.parentId,
        amountCents: fee.cents,
        platformFeeBps: school!.bps,
        schoolAccount: school!.account,
        recordedAccount: school!.recorded,
      };
      if (!fromSchoolAccount(facts, context)) return [];
      fake.calls.push(`${facts.outcome} ${id}`);
      return facts.outcome === "succeeded"
        ? [...paymentRowEffects(db, facts, context, "pending"), paymentSucceeded(db, facts)]
        : [];
    },
    async refundEffects(db, facts, id) {
      fake.calls.push(`refunded ${id} ${facts.amountCents}`);
      return [paymentRefunded(db, facts)];
    },
    async markRefundsDue(db, ids) {
      for (const id of ids) {
        const keeps = fake.fees.get(id)?.cents ?? 0;
        // One payment per fee in this test: what it holds beyond the fee goes back (decisions only grow).
        await db
          .update(payments)
          .set({ refundDueCents: sql`max(${payments.refundDueCents}, ${payments.amountCents} - ${keeps})` })
          .where(ofFake([id]));
      }
    },
    async holdingTooMuch(db, limit) {
      const rows = await db
        .select({ id: payments.invoiceId, amountCents: payments.amountCents, refundDueCents: payments.refundDueCents })
        .from(payments)
        .where(eq(payments.kind, fake.kind));
      return rows
        .filter((row) => row.id && row.amountCents - row.refundDueCents > (fake.fees.get(row.id)?.cents ?? 0))
        .map((row) => row.id!)
        .slice(0, limit);
    },
  };
  return { PAYABLES: [...original.PAYABLES, fakeFee] };
});

const ACCOUNT = "acct_fake_fee";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  fake.fees.clear();
  fake.calls.length = 0;
});
afterEach(() => t.close());

describe("a payable kind registered beside invoices and enrolments", () => {
  it("is sold by Checkout, paid and refunded through the webhook, and settled by its own rule, without the invoice code", async () => {
    const school = await createSchool(t.db, {
      stripeConnectAccountId: ACCOUNT,
      connectDetailsSubmitted: true,
      connectChargesEnabled: true,
      connectPayoutsEnabled: true,
      connectRequirementsDue: [],
      platformFeeBps: 500,
    });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    // The stand-in row the fee's id borrows (see above); it stays pending whatever happens to the fee.
    const [standIn] = await t.db
      .insert(invoices)
      .values({
        schoolId: school.id,
        recipientId: parent.id,
        invoiceNumber: "INV-2026-900",
        description: "Stand-in",
        baseAmountCents: 100,
        feeCents: 0,
        amountCents: 100,
        feeBps: 0,
        issueDate: "2026-03-01",
        dueDate: "2026-03-16",
      })
      .returning();
    const feeId = standIn!.id;
    fake.fees.set(feeId, { cents: 3_000, schoolId: school.id, parentId: parent.id });

    // Checkout sells what the fee's domain asks for (here $50: the fee was $50 when the parent opened it).
    const [paying] = await t.db.select(PAYING_SCHOOL_COLUMNS).from(schools).where(eq(schools.id, school.id));
    const scope = {
      deps: t.deps,
      now: t.clock.now(),
      meta: { ipAddress: null, userAgent: null, requestId: null },
      actor: { id: parent.id, role: "parent" as const, schoolId: school.id, name: parent.name, email: parent.email },
      schoolId: school.id,
      parentId: parent.id,
      timeZone: "UTC",
      phoneRegion: null,
      currency: "USD" as const,
    };
    const item = {
      kind: FAKE_KIND,
      id: feeId,
      schoolId: school.id,
      parentId: parent.id,
      amountCents: 5_000,
      description: "Transport fee",
    };
    const { url } = await startPayableCheckout(scope, item, paying!, parent.email);
    const session = await checkoutSessionOf(t, url);
    const metadata = { kind: FAKE_KIND, schoolId: school.id, parentId: parent.id, invoiceId: feeId };
    expect(session).toMatchObject({
      account: ACCOUNT,
      amount_total: 5_000,
      metadata,
      payment_intent_data: { metadata },
    });
    expect(session.success_url).toMatch(/^http:\/\/localhost:8787\/parent\/fees\?payment=success/);

    // The parent pays: the signed webhook dispatches to the fee, then settles it by the fee's rule
    // ($20 of $50 goes back), and the refund's webhook reaches the fee again.
    const response = await t.app.request(`http://localhost:8787/dev/stripe/checkout/${session.id}/pay`, {
      method: "POST",
    });
    expect(response.status).toBe(303);
    const paymentOf = async () => (await t.db.select().from(payments).where(eq(payments.kind, FAKE_KIND)))[0]!;
    expect(await paymentOf()).toMatchObject({
      kind: FAKE_KIND,
      invoiceId: feeId,
      status: "succeeded",
      amountCents: 5_000,
      refundDueCents: 2_000,
      refundedCents: 2_000,
    });
    expect(fake.calls).toEqual(expect.arrayContaining([`succeeded ${feeId}`, `refunded ${feeId} 2000`]));

    // The hourly sweep finds the fee holding too much after it is lowered again, by the fee's rule.
    fake.fees.set(feeId, { cents: 1_000, schoolId: school.id, parentId: parent.id });
    t.clock.advance(HOUR);
    expect(await settleOwedRefunds(t.deps, t.clock.now())).toMatchObject({ requested: 1, failed: 0 });
    expect(await paymentOf()).toMatchObject({ status: "succeeded", refundDueCents: 4_000, refundedCents: 4_000 });
    expect(fake.calls).toContain(`refunded ${feeId} 4000`);

    // The invoice code never ran for it: the stand-in is still pending, with no receipt or audit row of an invoice.
    expect((await t.db.select().from(invoices).where(eq(invoices.id, feeId)))[0]).toMatchObject({
      status: "pending",
      paidAt: null,
    });
    expect(await t.db.select().from(emailLogs).where(eq(emailLogs.relatedId, feeId))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(auditLogs)
        .where(inArray(auditLogs.eventType, ["invoice_paid", "invoice_refunded"])),
    ).toEqual([]);
  });
});
