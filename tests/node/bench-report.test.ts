import { describe, expect, it } from "vitest";
import { evaluate, formatMarkdown, formatTable, median, type Results } from "../bench/report.ts";

/** A results.json as `npm run bench` writes it, every goal met. */
function results(overrides: Partial<Results> = {}): Results {
  return {
    generated_at: "2026-11-22T15:00:00.000Z",
    quick: false,
    machine: { cpus: 2, node: "v24.0.0", load_average_start: 1, load_average_end: 1 },
    ratio_vs_baseline: { "auth.me": 0.9, "superAdmin.schools.list": 0.8 },
    round_trips: { "auth.me": 1, "superAdmin.schools.list": 2 },
    round_trip_goals: { "auth.me": 1, "superAdmin.schools.list": 2 },
    growth_1k_to_100k: { "schools.list page 1": 1.1 },
    load: { errors: 0, timeouts: 0, p99_ms: 180, baseline_p99_ms: 100, baseline_errors: 0, baseline_timeouts: 0 },
    login_storm: { quiet_p99_ms: 20, storm_p99_ms: 35 },
    initial_js_gzip_kb: { "/": 110.4, "/super-admin": 149.9 },
    bundle_budgets_kb: { "/": 120, "/super-admin": 150 },
    failures: [],
    raw: {},
    ...overrides,
  };
}

const missed = (r: Results) =>
  evaluate(r)
    .filter((row) => !row.ok)
    .map((row) => `${row.section} › ${row.name}`);

describe("npm run bench: goals and table", () => {
  it("meets every goal at the limits", () => {
    expect(missed(results())).toEqual([]);
    expect(formatTable(evaluate(results()))).toContain("All goals met.");
  });

  it("misses each goal just past its limit, and says which", () => {
    const r = results({
      ratio_vs_baseline: { "auth.me": 0.76, "superAdmin.schools.list": 0.8 },
      round_trips: { "auth.me": 2, "superAdmin.schools.list": 2 },
      growth_1k_to_100k: { "schools.list page 1": 1.51 },
      load: { errors: 1, timeouts: 1, p99_ms: 201, baseline_p99_ms: 100, baseline_errors: 0, baseline_timeouts: 3 },
      login_storm: { quiet_p99_ms: 20, storm_p99_ms: 41 },
      initial_js_gzip_kb: { "/": 120.1, "/super-admin": 150 },
    });
    expect(missed(r)).toEqual([
      "throughput vs bare Hono › auth.me",
      "DB round trips › auth.me",
      "list latency 1k → 100k › schools.list page 1",
      "load › errors (baseline's)",
      "load › timeouts (baseline's)",
      "load › p99 (baseline's)",
      "login storm › auth.me p99 storm (quiet)",
      "initial JS (gzip) › /",
    ]);
    const table = formatTable(evaluate(r));
    expect(table).toContain("8 goal(s) missed:");
    expect(table).toContain("✗ throughput vs bare Hono › auth.me: 0.76×, goal ≥ 0.77×");
  });

  it("uses the registry's round-trip goal, 2 when none is given", () => {
    const r = results({ round_trips: { "auth.me": 1, "parent.overview": 3 }, round_trip_goals: { "auth.me": 1 } });
    expect(missed(r)).toEqual(["DB round trips › parent.overview"]);
  });

  it("a figure that could not be measured (NaN) is a miss, not a pass", () => {
    const r = results({ ratio_vs_baseline: { "auth.me": Number.NaN }, growth_1k_to_100k: { stats: Number.NaN } });
    expect(missed(r)).toEqual(["throughput vs bare Hono › auth.me", "list latency 1k → 100k › stats"]);
  });

  it("lists failed requests under the table even when every goal is met", () => {
    const table = formatTable(evaluate(results()), [
      "superAdmin.stats: 3 requests failed in the throughput runs (app or baseline)",
    ]);
    expect(table).toContain("! superAdmin.stats: 3 requests failed");
    expect(table).not.toContain("All goals met.");
  });

  it("the README table has one line per section, a figure with another goal saying it inline", () => {
    const r = results({
      round_trips: { "auth.me": 1, "superAdmin.schools.list": 3, "superAdmin.stats": 2 },
      round_trip_goals: { "auth.me": 1 },
    });
    const lines = formatMarkdown(evaluate(r)).split("\n");
    expect(lines).toHaveLength(2 + 6);
    expect(lines).toContain(
      "| DB round trips | auth.me 1 (goal ≤ 1) ✓ · superAdmin.schools.list 3 ✗ · superAdmin.stats 2 ✓ | ≤ 2 |",
    );
  });

  it("puts the production path first: CPU per request and round trips against their goals, the throughput ratio as a figure", () => {
    const production_path = {
      cpu_us: {
        "auth.me": { median: 1000, p99: 2000 },
        "superAdmin.schools.list": { median: 1001, p99: 1500 },
        "superAdmin.stats": { median: 900, p99: 2001 },
      },
      round_trips: { "auth.me": 2, "superAdmin.schools.list": 2 },
      ratio_vs_baseline: { "auth.me": 0.42 },
    };
    const r = results({ production_path });
    expect(evaluate(r)[0]!.section).toBe("production path (HTTP DB): CPU per request, median / p99");
    expect(missed(r)).toEqual([
      "production path (HTTP DB): CPU per request, median / p99 › superAdmin.schools.list",
      "production path (HTTP DB): CPU per request, median / p99 › superAdmin.stats",
      "production path (HTTP DB): round trips › auth.me",
    ]);
    const lines = formatMarkdown(evaluate(r)).split("\n");
    expect(lines).toContain("| production path (HTTP DB): throughput vs bare handler (no goal) | auth.me 0.42× | — |");
  });

  it("takes the median of an odd and an even number of runs", () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
