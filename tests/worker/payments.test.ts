/**
 * A parent's invoice payment inside workerd, in local mode: the procedure creates the Checkout
 * Session through the real SDK on the Stripe simulator (a direct charge on the school's connected
 * account), and the simulated Checkout pays through the signed webhook.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { devStripeObjects, invoices, parents, payments, schools } from "#db/schema/index.ts";
import { createSession } from "#worker/auth/session.ts";
import type { SimCheckoutSession } from "#worker/stripe/simulator.ts";
import { localEnv, testDb, unique, worker } from "./support/worker-env.ts";

const BASE = "http://localhost:8787";
const call = (path: string, init: RequestInit = {}) =>
  worker.fetch(new Request(`${BASE}${path}`, init), localEnv(), { waitUntil: () => {} });

describe("invoice payment in workerd (local mode)", () => {
  it("creates the Checkout Session on the connected account through the simulator, then pays it", async () => {
    const db = testDb();
    const account = unique("acct");
    const [school] = await db
      .insert(schools)
      .values({
        name: unique("School"),
        email: "office@school.example",
        code: unique("P").slice(0, 12),
        subscriptionStatus: "active",
        stripeConnectAccountId: account,
        connectDetailsSubmitted: true,
        connectChargesEnabled: true,
        connectPayoutsEnabled: true,
        platformFeeBps: 500,
      })
      .returning();
    const [parent] = await db
      .insert(parents)
      .values({
        schoolId: school!.id,
        email: `${unique("parent")}@example.com`,
        name: "Pat Parent",
        passwordHash: "not-used-here",
      })
      .returning();
    const [invoice] = await db
      .insert(invoices)
      .values({
        schoolId: school!.id,
        recipientId: parent!.id,
        invoiceNumber: "INV-2026-001",
        description: "Spring term",
        baseAmountCents: 20_000,
        amountCents: 21_000,
        feeCents: 1_000,
        issueDate: "2026-03-01",
        dueDate: "2026-03-16",
      })
      .returning();
    const { token } = await createSession(db, { userId: parent!.id, role: "parent", remember: false, now: new Date() });

    const response = await call("/api/trpc/parent.payments.startInvoiceCheckout", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE, Cookie: `schoolride_session=${token}` },
      body: JSON.stringify({ json: { invoiceId: invoice!.id } }),
    });
    expect(response.status).toBe(200);
    const { url } = ((await response.json()) as { result: { data: { json: { url: string } } } }).result.data.json;
    expect(url).toMatch(/^http:\/\/localhost:8787\/dev\/stripe\/checkout\/cs_test_/);
    const sessionId = url.split("/").pop()!;
    const [stored] = await db.select().from(devStripeObjects).where(eq(devStripeObjects.id, sessionId));
    expect(stored!.data as unknown as SimCheckoutSession).toMatchObject({
      account,
      amount_total: 21_000,
      payment_intent_data: { application_fee_amount: 1_050 },
    });

    const paid = await call(`/dev/stripe/checkout/${sessionId}/pay`, { method: "POST" });
    expect(paid.status).toBe(303);
    const [after] = await db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(after!.status).toBe("paid");
    const rows = await db.select().from(payments).where(eq(payments.invoiceId, invoice!.id));
    expect(rows.map((row) => [row.status, row.stripeAccountId, row.applicationFeeCents])).toEqual([
      ["succeeded", account, 1_050],
    ]);
  });
});
