/**
 * The test database as the Worker sees it (the libSQL web client in workerd → scripts/hrana/server.ts):
 * the SQL semantics the other tests rely on, so a fault in the test server shows up here and not
 * as a puzzling app failure.
 */
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cronRuns } from "#db/schema/index.ts";
import { testDb, unique } from "./support/worker-env.ts";

const claim = (job: string) => ({ job, period: "2000-01-01T00", startedAt: new Date(0) });

describe("test database over Hrana HTTP", () => {
  it("round-trips values and reports counts, also for INSERT … RETURNING", async () => {
    const db = testDb();
    const values = await db.$client.execute("select 7 as i, 2.5 as f, 'tëxt' as t, null as n, x'00ff' as b");
    expect(values.columns).toEqual(["i", "f", "t", "n", "b"]);
    const [row] = values.rows;
    expect([row!.i, row!.f, row!.t, row!.n]).toEqual([7, 2.5, "tëxt", null]);
    expect([...new Uint8Array(row!.b as ArrayBuffer)]).toEqual([0, 255]);

    const job = unique("returning");
    const inserted = await db.$client.execute({
      sql: "insert into cron_runs (job, period, started_at) values (?, ?, ?) returning job",
      args: [job, "2000-01-01T00", 0],
    });
    expect(inserted.rows.map((r) => r.job)).toEqual([job]);
    expect(inserted.rowsAffected).toBe(1);
    const deleted = await db.delete(cronRuns).where(eq(cronRuns.job, job));
    expect(deleted.rowsAffected).toBe(1);
  });

  it("runs a batch atomically: a failing statement rolls the whole batch back", async () => {
    const db = testDb();
    const job = unique("batch");
    await expect(
      db.batch([db.insert(cronRuns).values(claim(`${job}-a`)), db.insert(cronRuns).values(claim(`${job}-a`))]),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    expect(
      await db
        .select()
        .from(cronRuns)
        .where(like(cronRuns.job, `${job}%`)),
    ).toEqual([]);
  });

  it("keeps an interactive transaction across requests, and rolls it back on error", async () => {
    const db = testDb();
    const job = unique("tx");
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(cronRuns).values(claim(`${job}-rolled-back`));
        expect(
          await tx
            .select()
            .from(cronRuns)
            .where(eq(cronRuns.job, `${job}-rolled-back`)),
        ).toHaveLength(1);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    await db.transaction(async (tx) => {
      await tx.insert(cronRuns).values(claim(`${job}-committed`));
    });
    const rows = await db
      .select({ job: cronRuns.job })
      .from(cronRuns)
      .where(like(cronRuns.job, `${job}%`));
    expect(rows).toEqual([{ job: `${job}-committed` }]);
  });
});
