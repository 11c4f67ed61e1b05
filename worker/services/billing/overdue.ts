import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { invoices } from "../../../db/schema/index.ts";

/** Hourly: pending invoices whose due date (a UTC calendar day) has passed become overdue. */
export async function markOverdueInvoices(db: Db, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const result = await db
    .update(invoices)
    .set({ status: "overdue", updatedAt: now })
    .where(and(eq(invoices.status, "pending"), lt(invoices.dueDate, today)));
  return result.rowsAffected;
}
