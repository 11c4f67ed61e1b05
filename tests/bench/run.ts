/**
 * `npm run bench` (about 11 minutes on 2 cores; `--quick`, a one-minute smoke run written to a
 * temporary file, is not in CI): one table and tests/bench/results.json (`--markdown` prints
 * the README's table from it). It is a report: the exit code is 0 when a goal is missed, and the
 * misses are listed at the end. Speed lives here, never in unit tests. Hot paths and lists to
 * measure: tests/bench/hot-paths.ts.
 *
 * 0. The headline, the production path (tests/bench/http-path.ts): the app's own code reading the
 *    1k-row database served over HTTP by the project's Hrana server, as the Worker reads Turso:
 *    main-thread CPU per request (median, p99), database round trips per request, throughput
 *    against the bare handler on the same HTTP database. `--http` runs this section alone (about
 *    3 minutes on 2 busy cores) and prints its table.
 * 1. Bundles: initial JS per route from a fresh Vite build.
 * 2. The embedded database (the Node entry's local default), at 1k rows: round trips per procedure
 *    (in-process, counted), then over real HTTP (the app and a bare Hono baseline replaying the same
 *    SQL through `@libsql/client`, in a server process): throughput ratios (median of 3), the login
 *    storm, the 200-connection mixed load.
 * 3. List latency at 1k, 10k and 100k rows (fresh databases), growth = t(100k) / t(1k).
 * 4. The enrolment path: 20 concurrent enrolments into a trip of capacity 5 (fresh database).
 *
 * `--growth` runs section 3 alone (tests/bench/growth.ts), `--only=<text>` keeping the lists whose
 * name contains it.
 *
 * `--live` runs live tracking's bench alone (tests/bench/live.ts, about 4 minutes): a position to
 * 1,000 watchers of one run, then 300 runs × 20 watchers at 60 positions a second for 60 s
 * (`--live-seconds=N`); `--live-soak` runs the soak for the full 10 minutes (about 14 minutes).
 *
 * `--reports` runs the reports' bench alone (tests/bench/reports.ts, issue 31): a year of a Professional
 * school (10,800 runs, ~1 million attendance rows) closed through the rollups' triggers, then each
 * report's p50/p95 and round trips (goal: p95 ≤ 300 ms, ≤ 2 round trips) and the rebuild.
 *
 * `--paint` runs the page-paint bench alone (tests/bench/paint.ts, about 4 minutes): Chromium at
 * 375 px, 4× CPU, Slow 4G, first and return visits of the public pages, the parent's and the
 * driver's home and the parent's live view, against the Node entry built from this checkout.
 *
 * `--lighthouse` runs Lighthouse's mobile preset alone (tests/bench/lighthouse.ts, about 2 minutes
 * a checkout): the performance score and LCP of `/`, `/login/parent` and `/parent` (signed in).
 *
 * `--metrics` runs the platform metrics' bench alone (tests/bench/metrics.ts, under a minute): the
 * super admin's figures for 12 and 53 weeks over 3,000 schools, 25,000 weekly users and 500,000
 * payments; `--quick` for a smaller database.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildForReport, initialJsGzipKb, ROUTES } from "./bundles.ts";
import { concurrentEnrollments } from "./enrollment.ts";
import { growthOnly } from "./growth.ts";
import { HOT_PATHS, LISTS } from "./hot-paths.ts";
import { type HttpPathFigures, productionPath } from "./http-path.ts";
import { lighthouseBench } from "./lighthouse.ts";
import { liveBench } from "./live.ts";
import { listLatencies, loginStorm, mixedLoad, throughput } from "./measure.ts";
import { metricsBench } from "./metrics.ts";
import { paintBench } from "./paint.ts";
import { evaluate, formatMarkdown, formatTable, type Results } from "./report.ts";
import { reportsBench } from "./reports.ts";
import { freePort, inProcessPass, scaledDatabase, startServers } from "./servers.ts";

const quick = process.argv.includes("--quick");
const plan = quick
  ? {
      scales: [1_000, 10_000],
      http: { calls: 40, warmup: 20, runs: 1, seconds: 1, connections: 10 },
      ratioRuns: 1,
      ratioSeconds: 1,
      ratioConnections: 10,
      stormSeconds: 3,
      loadSeconds: 10,
      listCalls: 10,
    }
  : {
      scales: [1_000, 10_000, 100_000],
      http: { calls: 200, warmup: 100, runs: 1, seconds: 3, connections: 10 },
      ratioRuns: 3,
      ratioSeconds: 3,
      ratioConnections: 10,
      stormSeconds: 10,
      loadSeconds: 60,
      listCalls: 30,
    };
const LOAD_CONNECTIONS = 200;
const LOGINS_PER_SECOND = 4;
const out = quick
  ? join(tmpdir(), "schoolride-bench-results.quick.json")
  : new URL("./results.json", import.meta.url).pathname;
// `--markdown`: the README's "Quality" table from the committed results.json, and nothing else.
if (process.argv.includes("--markdown")) {
  console.log(formatMarkdown(evaluate(JSON.parse(readFileSync(out, "utf8")) as Results)));
  process.exit(0);
}
if (process.argv.includes("--live") || process.argv.includes("--live-soak")) {
  await liveBench(process.argv);
  process.exit(0);
}
if (process.argv.includes("--metrics")) {
  await metricsBench(process.argv);
  process.exit(0);
}
if (process.argv.includes("--reports")) {
  await reportsBench();
  process.exit(0);
}
if (process.argv.includes("--paint")) {
  await paintBench(process.argv);
  process.exit(0);
}
if (process.argv.includes("--lighthouse")) {
  await lighthouseBench(process.argv);
  process.exit(0);
}
if (process.argv.includes("--growth")) {
  const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
  await growthOnly(plan.scales, only ? LISTS.filter((list) => list.name.includes(only)) : LISTS, plan.listCalls);
  process.exit(0);
}
const started = performance.now();
const loadAtStart = loadavg()[0]!;
const log = (message: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
/** The headline's figures as results.json keeps them. */
const productionFigures = (figures: HttpPathFigures): NonNullable<Results["production_path"]> => ({
  cpu_us: Object.fromEntries(
    Object.entries(figures.cpu_us).map(([name, cpu]) => [
      name,
      { median: round(cpu.median, 0), p99: round(cpu.p99, 0) },
    ]),
  ),
  round_trips: Object.fromEntries(Object.entries(figures.round_trips).map(([name, trips]) => [name, trips.max])),
  ratio_vs_baseline: Object.fromEntries(Object.entries(figures.throughput).map(([name, r]) => [name, round(r.ratio)])),
});
const productionRaw = (figures: HttpPathFigures) => ({
  round_trips: figures.round_trips,
  throughput_req_per_s: Object.fromEntries(
    Object.entries(figures.throughput).map(([name, r]) => [
      name,
      { app: r.app.map((v) => round(v)), baseline: r.baseline.map((v) => round(v)), failed: r.failed },
    ]),
  ),
});
const goalsOf = () => Object.fromEntries(HOT_PATHS.map((hot) => [hot.name, hot.maxRoundTrips ?? 2]));
const fileOf = (url: string) => url.slice("file:".length);

if (process.argv.includes("--http")) {
  const appPort = await freePort();
  const appUrl = `http://localhost:${appPort}`;
  const db = await scaledDatabase(1_000, appUrl);
  log(`1000 rows seeded in ${db.seconds.toFixed(1)} s`);
  try {
    const figures = await productionPath(fileOf(db.url), appUrl, appPort, db.users, HOT_PATHS, plan.http, log);
    const partial = {
      generated_at: new Date().toISOString(),
      quick,
      machine: {
        cpus: cpus().length,
        node: process.version,
        load_average_start: round(loadAtStart),
        load_average_end: round(loadavg()[0]!),
      },
      production_path: productionFigures(figures),
      ratio_vs_baseline: {},
      round_trips: {},
      round_trip_goals: goalsOf(),
      growth_1k_to_100k: {},
      load: { errors: 0, timeouts: 0, p99_ms: 0, baseline_p99_ms: 0, baseline_errors: 0, baseline_timeouts: 0 },
      login_storm: { quiet_p99_ms: 0, storm_p99_ms: 0 },
      initial_js_gzip_kb: {},
      bundle_budgets_kb: {},
      failures: Object.entries(figures.throughput)
        .filter(([, r]) => r.failed > 0)
        .map(([name, r]) => `${name}: ${r.failed} requests failed in the HTTP throughput runs`),
      raw: { production_path: productionRaw(figures) },
    } satisfies Results;
    const rows = evaluate(partial).filter((row) => row.section.startsWith("production path"));
    console.log(`\n${formatTable(rows, partial.failures)}\n`);
    const file = join(tmpdir(), "schoolride-bench-http.json");
    writeFileSync(file, `${JSON.stringify(partial, null, 2)}\n`);
    log(
      `load average (1 min) ${partial.machine.load_average_start} at the start, ${partial.machine.load_average_end} at the end; figures in ${file}`,
    );
  } finally {
    db.remove();
  }
  process.exit(0);
}

log(quick ? "quick run (smoke): short durations, 1k and 10k rows" : "full run");
const distDir = buildForReport();
const initialJs = initialJsGzipKb(distDir);
rmSync(distDir, { recursive: true, force: true });
log("bundles measured");

const appPort = await freePort();
const appUrl = `http://localhost:${appPort}`;
const main = await scaledDatabase(plan.scales[0]!, appUrl);
log(`${plan.scales[0]} rows seeded in ${main.seconds.toFixed(1)} s`);
const production = await productionPath(fileOf(main.url), appUrl, appPort, main.users, HOT_PATHS, plan.http, log);
const pass = await inProcessPass(main.url, appUrl, main.users, HOT_PATHS);

const servers = await startServers(main.url, appPort, pass.ops);
const urls = { app: servers.appUrl, baseline: servers.baselineUrl };
const ratios: Record<string, Awaited<ReturnType<typeof throughput>>> = {};
let storm: Awaited<ReturnType<typeof loginStorm>>;
let load: Awaited<ReturnType<typeof mixedLoad>>;
try {
  // Warm both servers' JIT before the first measured run.
  if (!quick) for (const hot of HOT_PATHS) await throughput(urls, hot, main.users, 1, plan.ratioConnections, 1);
  for (const hot of HOT_PATHS) {
    ratios[hot.name] = await throughput(
      urls,
      hot,
      main.users,
      plan.ratioRuns,
      plan.ratioConnections,
      plan.ratioSeconds,
    );
    log(`${hot.name}: ${ratios[hot.name]!.ratio.toFixed(2)}× the baseline`);
  }
  storm = await loginStorm(servers.appUrl, main.users, LOGINS_PER_SECOND, plan.ratioConnections, plan.stormSeconds);
  log(`login storm: ${storm.logins.sent} sign-ins, ${storm.logins.ok} ok`);
  load = await mixedLoad(
    urls,
    HOT_PATHS.filter((hot) => hot.load),
    main.users,
    LOAD_CONNECTIONS,
    plan.loadSeconds,
  );
  log(`load: ${load.app.requests} requests to the app, ${load.baseline.requests} to the baseline`);
} finally {
  await servers.stop();
}

const scaled = [{ rows: plan.scales[0]!, ...main }];
let listMs: Record<string, Record<number, number>>;
try {
  for (const rows of plan.scales.slice(1)) {
    scaled.push({ rows, ...(await scaledDatabase(rows, appUrl)) });
    log(`${rows} rows seeded in ${scaled.at(-1)!.seconds.toFixed(1)} s`);
  }
  listMs = await listLatencies(scaled, appUrl, LISTS, plan.listCalls);
  log("list latencies measured");
} finally {
  for (const db of scaled) db.remove();
}
const enrollments = await concurrentEnrollments(appUrl);
log(
  `enrolment: ${enrollments.requests} at once into a trip of capacity ${enrollments.capacity}: ${enrollments.seatsTaken} seats taken, p99 ${enrollments.p99_ms.toFixed(0)} ms`,
);
const failures = [
  ...(enrollments.unexpected > 0
    ? [
        `enrolment: ${enrollments.unexpected} of ${enrollments.requests} concurrent enrolments failed otherwise than "full"`,
      ]
    : []),
  ...Object.entries(ratios)
    .filter(([, r]) => r.failed > 0)
    .map(([name, r]) => `${name}: ${r.failed} requests failed in the throughput runs (app or baseline)`),
  ...Object.entries(production.throughput)
    .filter(([, r]) => r.failed > 0)
    .map(([name, r]) => `${name}: ${r.failed} requests failed in the HTTP throughput runs`),
  ...(storm.logins.failed > 0 ? [`login storm: ${storm.logins.failed} of ${storm.logins.sent} sign-ins failed`] : []),
  ...(storm.quiet.errors + storm.storm.errors > 0
    ? [`login storm: ${storm.quiet.errors + storm.storm.errors} auth.me requests failed`]
    : []),
];
const [first, last] = [plan.scales[0]!, plan.scales[plan.scales.length - 1]!];

const results: Results = {
  generated_at: new Date().toISOString(),
  quick,
  machine: {
    cpus: cpus().length,
    node: process.version,
    load_average_start: round(loadAtStart),
    load_average_end: round(loadavg()[0]!),
  },
  production_path: productionFigures(production),
  ratio_vs_baseline: Object.fromEntries(Object.entries(ratios).map(([name, r]) => [name, round(r.ratio)])),
  round_trips: pass.roundTrips,
  round_trip_goals: goalsOf(),
  growth_1k_to_100k: Object.fromEntries(
    Object.entries(listMs).map(([name, byScale]) => [name, round(byScale[last]! / byScale[first]!)]),
  ),
  load: {
    errors: load.app.errors,
    timeouts: load.app.timeouts,
    p99_ms: load.app.p99_ms,
    baseline_p99_ms: load.baseline.p99_ms,
    baseline_errors: load.baseline.errors,
    baseline_timeouts: load.baseline.timeouts,
  },
  login_storm: { quiet_p99_ms: storm.quiet.p99_ms, storm_p99_ms: storm.storm.p99_ms },
  concurrent_enrolments: enrollments,
  initial_js_gzip_kb: initialJs,
  bundle_budgets_kb: Object.fromEntries(ROUTES.map((route) => [route.route, route.budgetKb])),
  failures,
  raw: {
    production_path: productionRaw(production),
    plan: { ...plan, loadConnections: LOAD_CONNECTIONS, loginsPerSecond: LOGINS_PER_SECOND },
    throughput_req_per_s: Object.fromEntries(
      Object.entries(ratios).map(([name, r]) => [
        name,
        { app: r.app.map(round), baseline: r.baseline.map(round), failed: r.failed },
      ]),
    ),
    round_trip_log: pass.log,
    list_median_ms: Object.fromEntries(
      Object.entries(listMs).map(([name, byScale]) => [
        name,
        Object.fromEntries(Object.entries(byScale).map(([rows, ms]) => [rows, round(ms, 3)])),
      ]),
    ),
    load,
    login_storm: storm,
  },
};
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
// The committed file is formatted as `npm run lint` expects.
if (!quick) execFileSync(resolve("node_modules/.bin/biome"), ["format", "--write", out], { stdio: "ignore" });
console.log(`\n${formatTable(evaluate(results), results.failures)}\n`);
log(
  `load average (1 min) ${results.machine.load_average_start} at the start, ${results.machine.load_average_end} at the end, on ${results.machine.cpus} cores`,
);
log(`results written to ${out}`);
