/**
 * The invoice PDF route in workerd: pdf-lib runs in the Worker runtime, the session comes from a
 * seeded session's cookie, and the answer is a real PDF for the invoice's parent only.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parents, schools } from "../../db/schema/index.ts";
import { sessionCookieName } from "../../worker/auth/cookie.ts";
import { createSession } from "../../worker/auth/session.ts";
import { pdfText, seedInvoice } from "../support/invoice-documents.ts";
import { APP_ORIGIN, testDb, unique } from "./support/worker-env.ts";

async function seedParent(schoolId: string) {
  const [parent] = await testDb()
    .insert(parents)
    .values({ schoolId, email: `${unique("parent")}@schoolride.test`, name: "Dana Rivers", passwordHash: "not-a-real-hash" })
    .returning();
  const { token } = await createSession(testDb(), { userId: parent!.id, role: "parent", remember: false, now: new Date() });
  // Production config (https APP_URL): the __Host- cookie.
  return { parent: parent!, cookie: `${sessionCookieName({ secureCookies: true })}=${token}` };
}

describe("GET /api/invoices/:id/pdf in workerd", () => {
  it("gives the invoice's parent a real PDF, and another parent the 404", async () => {
    const [school] = await testDb()
      .insert(schools)
      .values({
        name: "Workerd Primary",
        email: `${unique("office")}@schoolride.test`,
        code: unique("W").slice(0, 12),
        subscriptionStatus: "active",
        timeZone: "America/Chicago",
      })
      .returning();
    const { parent, cookie } = await seedParent(school!.id);
    const invoice = await seedInvoice(testDb(), {
      schoolId: school!.id,
      recipientId: parent.id,
      invoiceNumber: "INV-2026-777",
      status: "paid",
      paidAt: new Date("2026-03-05T03:00:00Z"),
    });

    const response = await exports.default.fetch(`${APP_ORIGIN}/api/invoices/${invoice.id}/pdf`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="INV-2026-777.pdf"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(await pdfText(bytes)).toEqual(expect.arrayContaining(["Workerd Primary", "INV-2026-777", "Dana Rivers", "$52.50", "Paid on Wednesday, March 4, 2026"]));

    const other = await seedParent(school!.id);
    const refused = await exports.default.fetch(`${APP_ORIGIN}/api/invoices/${invoice.id}/pdf`, { headers: { Cookie: other.cookie } });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: "Not found" });
  });
});
