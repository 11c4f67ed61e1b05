/**
 * results.json and the printed table, from the figures alone (no I/O): each row is a figure, its
 * goal and whether it is met.
 */

export const GOALS = {
  /** Main-thread CPU per request on the production path (the app over an HTTP database), µs. */
  httpCpuMedianUs: 1000,
  httpCpuP99Us: 2000,
  ratioVsBaseline: 0.77,
  roundTrips: 2,
  growth: 1.5,
  stormOverQuiet: 2,
  loadOverBaseline: 2,
  /** 20 parents enrolling into one trip at once (each: 3 round trips and a Checkout), on 2 cores. */
  enrolmentP99Ms: 1000,
} as const;

export type Results = {
  generated_at: string;
  quick: boolean;
  /**
   * The headline: the app's production code reading the database over HTTP (tests/bench/http-path.ts).
   * Main-thread CPU per request (µs), HTTP round trips to the database per request (the most seen),
   * and throughput against the bare handler on the same HTTP database (a figure, no goal).
   */
  production_path?: {
    cpu_us: Record<string, { median: number; p99: number }>;
    round_trips: Record<string, number>;
    ratio_vs_baseline: Record<string, number>;
  };
  /** The 1-minute load averages say how much else the machine was doing. */
  machine: { cpus: number; node: string; load_average_start: number; load_average_end: number };
  ratio_vs_baseline: Record<string, number>;
  round_trips: Record<string, number>;
  /** Goal per procedure for `round_trips` (from the hot-path registry). */
  round_trip_goals: Record<string, number>;
  growth_1k_to_100k: Record<string, number>;
  load: {
    errors: number;
    timeouts: number;
    p99_ms: number;
    baseline_p99_ms: number;
    baseline_errors: number;
    baseline_timeouts: number;
  };
  login_storm: { quiet_p99_ms: number; storm_p99_ms: number };
  initial_js_gzip_kb: Record<string, number>;
  /** Budget per route for `initial_js_gzip_kb`. */
  bundle_budgets_kb: Record<string, number>;
  /** 20 concurrent enrolments into a trip of capacity 5: seats taken, answers, latency. */
  concurrent_enrolments?: {
    requests: number;
    capacity: number;
    seatsTaken: number;
    full: number;
    unexpected: number;
    p50_ms: number;
    p99_ms: number;
  };
  /** Requests that should have succeeded and did not (a broken hot path, a failed sign-in). */
  failures: string[];
  /** Everything the ratios were computed from. */
  raw: Record<string, unknown>;
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export type Row = { section: string; name: string; value: string; goal: string; ok: boolean };

const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : String(value));

export function evaluate(results: Results): Row[] {
  const rows: Row[] = [];
  const http = results.production_path;
  if (http) {
    for (const [name, cpu] of Object.entries(http.cpu_us)) {
      rows.push({
        section: "production path (HTTP DB): CPU per request, median / p99",
        name,
        value: `${fixed(cpu.median, 0)} / ${fixed(cpu.p99, 0)} µs`,
        goal: `≤ ${GOALS.httpCpuMedianUs} / ${GOALS.httpCpuP99Us} µs`,
        ok: cpu.median <= GOALS.httpCpuMedianUs && cpu.p99 <= GOALS.httpCpuP99Us,
      });
    }
    for (const [name, trips] of Object.entries(http.round_trips)) {
      const goal = results.round_trip_goals[name] ?? GOALS.roundTrips;
      rows.push({
        section: "production path (HTTP DB): round trips",
        name,
        value: String(trips),
        goal: `≤ ${goal}`,
        ok: trips <= goal,
      });
    }
    for (const [name, ratio] of Object.entries(http.ratio_vs_baseline)) {
      rows.push({
        section: "production path (HTTP DB): throughput vs bare handler (no goal)",
        name,
        value: `${fixed(ratio)}×`,
        goal: "—",
        ok: true,
      });
    }
  }
  for (const [name, ratio] of Object.entries(results.ratio_vs_baseline)) {
    rows.push({
      section: "throughput vs bare Hono",
      name,
      value: `${fixed(ratio)}×`,
      goal: `≥ ${GOALS.ratioVsBaseline}×`,
      ok: ratio >= GOALS.ratioVsBaseline,
    });
  }
  for (const [name, trips] of Object.entries(results.round_trips)) {
    const goal = results.round_trip_goals[name] ?? GOALS.roundTrips;
    rows.push({ section: "DB round trips", name, value: String(trips), goal: `≤ ${goal}`, ok: trips <= goal });
  }
  const span = results.quick ? "1k → 10k (quick)" : "1k → 100k";
  for (const [name, growth] of Object.entries(results.growth_1k_to_100k)) {
    rows.push({
      section: `list latency ${span}`,
      name,
      value: `${fixed(growth)}×`,
      goal: `≤ ${GOALS.growth}×`,
      ok: growth <= GOALS.growth,
    });
  }
  const { load, login_storm: storm } = results;
  rows.push({
    section: "load",
    name: "errors (baseline's)",
    value: `${load.errors} (${load.baseline_errors})`,
    goal: "0",
    ok: load.errors === 0,
  });
  rows.push({
    section: "load",
    name: "timeouts (baseline's)",
    value: `${load.timeouts} (${load.baseline_timeouts})`,
    goal: "0",
    ok: load.timeouts === 0,
  });
  rows.push({
    section: "load",
    name: "p99 (baseline's)",
    value: `${fixed(load.p99_ms, 0)} ms (${fixed(load.baseline_p99_ms, 0)} ms)`,
    goal: `≤ ${GOALS.loadOverBaseline}× baseline`,
    ok: load.p99_ms <= GOALS.loadOverBaseline * load.baseline_p99_ms,
  });
  rows.push({
    section: "login storm",
    name: "auth.me p99 storm (quiet)",
    value: `${fixed(storm.storm_p99_ms, 0)} ms (${fixed(storm.quiet_p99_ms, 0)} ms)`,
    goal: `≤ ${GOALS.stormOverQuiet}× quiet`,
    ok: storm.storm_p99_ms <= GOALS.stormOverQuiet * storm.quiet_p99_ms,
  });
  const enrolments = results.concurrent_enrolments;
  if (enrolments) {
    const section = `enrolment, ${enrolments.requests} at once (capacity ${enrolments.capacity})`;
    const refused = enrolments.requests - enrolments.capacity;
    rows.push({
      section,
      name: "seats taken",
      value: String(enrolments.seatsTaken),
      goal: `= ${enrolments.capacity}`,
      ok: enrolments.seatsTaken === enrolments.capacity,
    });
    rows.push({
      section,
      name: "told it is full",
      value: String(enrolments.full),
      goal: `= ${refused}`,
      ok: enrolments.full === refused && enrolments.unexpected === 0,
    });
    rows.push({
      section,
      name: "p99 (p50)",
      value: `${fixed(enrolments.p99_ms, 0)} ms (${fixed(enrolments.p50_ms, 0)} ms)`,
      goal: `≤ ${GOALS.enrolmentP99Ms} ms`,
      ok: enrolments.p99_ms <= GOALS.enrolmentP99Ms,
    });
  }
  for (const [route, kb] of Object.entries(results.initial_js_gzip_kb)) {
    const budget = results.bundle_budgets_kb[route];
    rows.push({
      section: "initial JS (gzip)",
      name: route,
      value: `${fixed(kb, 1)} KB`,
      goal: budget === undefined ? "—" : `≤ ${budget} KB`,
      ok: budget === undefined || kb <= budget,
    });
  }
  return rows;
}

/** ✓ or ✗ for a figure with a goal, nothing for a figure shown for itself (goal "—"). */
const markOf = (row: Row) => (row.goal === "—" ? "" : row.ok ? "✓" : "✗");

/** One table: section, figure, value, goal, ✓/✗; then the misses. */
export function formatTable(rows: Row[], failures: string[] = []): string {
  const header: Row = { section: "what", name: "", value: "value", goal: "goal", ok: true };
  const cells = (row: Row) => [row.section, row.name, row.value, row.goal];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...[header, ...rows].map((row) => cells(row)[i]!.length)));
  const line = (row: Row, mark: string) =>
    `${cells(row)
      .map((cell, i) => (i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")}  ${mark}`;
  const out = [line(header, ""), "-".repeat(widths.reduce((a, b) => a + b + 2, 3))];
  let previous = "";
  for (const row of rows) {
    out.push(line({ ...row, section: row.section === previous ? "" : row.section }, markOf(row)));
    previous = row.section;
  }
  const misses = rows.filter((row) => !row.ok);
  out.push("");
  for (const failure of failures) out.push(`! ${failure}`);
  out.push(
    misses.length === 0 && failures.length === 0
      ? "All goals met."
      : `${misses.length} goal(s) missed${failures.length ? `, ${failures.length} failure(s) above` : ""}:`,
  );
  for (const miss of misses) out.push(`  ✗ ${miss.section} › ${miss.name}: ${miss.value}, goal ${miss.goal}`);
  return out.join("\n");
}

/**
 * The README's "Quality" table: one line per section, every figure with ✓/✗, the section's usual
 * goal in the last column (a figure with another goal says it inline).
 */
export function formatMarkdown(rows: Row[]): string {
  const sections = [...new Set(rows.map((row) => row.section))];
  const lines = ["| What | Figures | Goal |", "| --- | --- | --- |"];
  for (const section of sections) {
    const inSection = rows.filter((row) => row.section === section);
    const counts = new Map<string, number>();
    for (const row of inSection) counts.set(row.goal, (counts.get(row.goal) ?? 0) + 1);
    const goal = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const figures = inSection.map((row) =>
      [`${row.name} ${row.value}${row.goal === goal ? "" : ` (goal ${row.goal})`}`, markOf(row)]
        .filter(Boolean)
        .join(" "),
    );
    lines.push(`| ${section} | ${figures.join(" · ").replaceAll("|", "\\|")} | ${goal} |`);
  }
  return lines.join("\n");
}
