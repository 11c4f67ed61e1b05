/**
 * `npm run bench -- --metrics [--quick]`: the super admin's platform metrics (ADR 0072) on a
 * platform-sized database — 3,000 schools with a year of plan and status changes, 25,000 weekly
 * active parents and drivers over 53 weeks, 500,000 payments in the year — timed in process (the
 * service, median of 5 calls) for the default 12 weeks and the longest range, 53 weeks. Printed;
 * nothing is written.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createDatabase } from "#db/client.ts";
import { applyMigrations } from "#db/migrate.ts";
import { WEEK_MS, weekStartOf } from "#shared/metrics.ts";
import type { Scope } from "#worker/services/_shared/scope.ts";
import { platformMetrics } from "#worker/services/platform/metrics.ts";

const DAY = 86_400_000;

export async function metricsBench(argv: string[]): Promise<void> {
  const quick = argv.includes("--quick");
  const size = quick
    ? { schools: 500, weeklyUsers: 2_000, payments: 50_000 }
    : { schools: 3_000, weeklyUsers: 25_000, payments: 500_000 };
  const dir = mkdtempSync(join(tmpdir(), "schoolride-bench-metrics-"));
  const db = createDatabase({ url: `file:${join(dir, "metrics.db")}` });
  const now = new Date("2026-11-26T12:00:00Z");
  const yearAgo = now.getTime() - 371 * DAY;
  const load = loadavg()[0]!;
  try {
    await applyMigrations(db);
    const seeded = performance.now();
    // Schools created over the year before, a plan each; the triggers write their history.
    await db.run(sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${size.schools - 1})
      insert into schools (id, name, email, code, plan, pupil_count, subscription_status, created_at, updated_at)
      select 'bench-s' || i, 'Bench school ' || i, 'office' || i || '@bench.example', 'B' || i,
        case i % 3 when 0 then 'starter' when 1 then 'professional' else 'enterprise' end, 100 + i % 700,
        case i % 7 when 0 then 'trialing' when 1 then 'pending' else 'active' end,
        ${yearAgo - 400 * DAY} + i * 3600000, ${yearAgo - 400 * DAY} + i * 3600000 from n`);
    // Through the year: a third change status (past due, cancelled, active again), some change plan.
    for (const [step, status] of [
      [1, "past_due"],
      [2, "active"],
      [3, "cancelled"],
    ] as const)
      await db.run(sql`update schools set subscription_status = ${status},
          updated_at = ${yearAgo} + (cast(substr(id, 8) as integer) % 53) * ${WEEK_MS} + ${step} * ${DAY}
        where cast(substr(id, 8) as integer) % 3 = 0 and (${step} < 3 or cast(substr(id, 8) as integer) % 9 = 0)`);
    await db.run(sql`update schools set plan = 'enterprise', updated_at = ${yearAgo} + 20 * ${WEEK_MS}
      where cast(substr(id, 8) as integer) % 10 = 1`);
    // Weekly active parents and drivers: each week's users (one in ten a driver).
    await db.run(sql`with recursive w(k) as (select 0 union all select k + 1 from w where k < 53),
        u(j) as (select 0 union all select j + 1 from u where j < ${size.weeklyUsers - 1})
      insert or ignore into user_activity_weeks (week_start, user_role, user_id)
      select ${weekStartOf(yearAgo)} + k * ${WEEK_MS}, case when j % 10 = 0 then 'driver' else 'parent' end,
        'bench-u' || ((j + k * 97) % ${size.weeklyUsers * 2}) from w, u`);
    // Payments through the year: one in twenty partly refunded, one in fifty fully.
    await db.run(sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${size.payments - 1})
      insert into payments (id, amount_cents, application_fee_cents, refunded_cents, refund_due_cents, status, paid_at,
        created_at, updated_at)
      select 'bench-p' || i, 1000 + i % 9000, (1000 + i % 9000) / 20,
        case when i % 50 = 0 then 1000 + i % 9000 when i % 20 = 0 then 500 else 0 end,
        case when i % 50 = 0 then 1000 + i % 9000 when i % 20 = 0 then 500 else 0 end,
        case when i % 50 = 0 then 'refunded' when i % 97 = 0 then 'failed' else 'succeeded' end,
        case when i % 97 = 0 then null else ${yearAgo} + (i * 7919) % (371 * ${DAY}) end,
        ${yearAgo} + (i * 7919) % (371 * ${DAY}), ${yearAgo} + (i * 7919) % (371 * ${DAY}) from n`);
    await db.run(sql`analyze`);
    const [history] = await db.all<{ rows: number }>(sql`select count(*) as rows from school_plan_history`);
    console.log(
      `seeded ${size.schools} schools (${history!.rows} history rows), ${size.weeklyUsers} weekly users × 54 weeks, ${size.payments} payments in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const scope = { deps: { db }, now, actor: null, meta: null } as unknown as Scope;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (const [label, input] of [
      ["12 weeks (default)", undefined],
      ["53 weeks", { from: day(now.getTime() - 52 * WEEK_MS), to: day(now.getTime()) }],
    ] as const) {
      const times: number[] = [];
      for (let run = 0; run < 6; run++) {
        const start = performance.now();
        await platformMetrics(scope, input);
        if (run > 0) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        `platform metrics, ${label.padEnd(18)} median ${times[2]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
      );
    }
  } finally {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`in process, one warm-up then 5 calls; load average (1 min) ${load.toFixed(2)} at the start`);
}
