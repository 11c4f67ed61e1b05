import type { Db } from "#db/client.ts";
import { SCALE_WORDS } from "./scale-seed.ts";

/**
 * `count` invoices of one school to one parent, in bulk (`INSERT … SELECT` over a recursive counter,
 * in chunks), through the triggers that keep the school's totals and the trigram index (ADR 0022).
 * Deterministic: `INV-2025-{i+1}`, "Transport Maple 42" (one of SCALE_WORDS, cycling), issue dates
 * over a year, statuses cycling pending, paid, paid, overdue, refunded (1 in 20). Calls add to what
 * an earlier call seeded for the same school (numbers continue).
 */
export async function seedInvoices(
  db: Db,
  options: { schoolId: string; recipientId: string; count: number },
): Promise<void> {
  const { schoolId, recipientId, count } = options;
  const existing = await db.$client.execute({
    sql: "select count(*) as n from invoices where school_id = ?",
    args: [schoolId],
  });
  const first = Number(existing.rows[0]?.n ?? 0);
  const words = `json_extract('${JSON.stringify(SCALE_WORDS)}', '$[' || (i % ${SCALE_WORDS.length}) || ']')`;
  const status = `case when i % 20 = 19 then 'refunded' else (case i % 4 when 0 then 'pending' when 3 then 'overdue' else 'paid' end) end`;
  const chunk = 20_000;
  for (let start = first; start < first + count; start += chunk) {
    const end = Math.min(first + count, start + chunk);
    await db.$client.execute({
      sql: `with recursive n(i) as (select ${start} union all select i + 1 from n where i + 1 < ${end})
        insert into invoices (id, school_id, invoice_number, recipient_id, description, base_amount_cents, fee_cents, amount_cents, fee_bps,
          fee_application_type, issue_date, due_date, status, created_at, updated_at)
        select ?1 || '-inv' || i, ?1, printf('INV-2025-%03d', i + 1), ?2, 'Transport ' || ${words} || ' ' || i, 10000 + (i % 7) * 100, 500, 10500 + (i % 7) * 100, 500,
          'term_based', date('2025-01-01', '+' || (i % 365) || ' days'), date('2025-01-16', '+' || (i % 365) || ' days'), ${status},
          1735689600000 + i * 1000, 1735689600000 + i * 1000 from n`,
      args: [schoolId, recipientId],
    });
  }
}
