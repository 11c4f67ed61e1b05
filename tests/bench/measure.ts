/**
 * The measurements: autocannon against the server process (throughput, load, login storm) and
 * sequential in-process calls for list latency.
 */
import autocannon, { type Request, type Result } from "autocannon";
import superjson from "superjson";
import { createDatabase } from "#db/client.ts";
import { benchApp } from "./apps.ts";
import type { HotPath, ListPath } from "./hot-paths.ts";
import { median } from "./report.ts";
import type { BenchUsers } from "./seed.ts";
import { trpcPath } from "./servers.ts";

/** One autocannon run; a request unanswered after 10 s is a timeout. */
function cannon(url: string, requests: Request[], connections: number, duration: number): Promise<Result> {
  return autocannon({ url, connections, duration, timeout: 10, requests });
}

export const appRequest = (hot: Pick<HotPath, "name" | "input" | "role">, users: BenchUsers): Request => ({
  method: "GET",
  path: trpcPath(hot.name, hot.input),
  headers: { cookie: users.cookies[hot.role] },
});
export const baselineRequest = (hot: Pick<HotPath, "name">): Request => ({
  method: "GET",
  path: `/baseline/${hot.name}`,
});

export type Throughput = { app: number[]; baseline: number[]; ratio: number; failed: number };

/**
 * App, baseline and the baseline on the app's prepared reads in turn, `runs` times each, same
 * connections and duration; the median ratios.
 */
export async function throughput(
  urls: { app: string; baseline: string },
  hot: HotPath,
  users: BenchUsers,
  runs: number,
  connections: number,
  duration: number,
): Promise<Throughput> {
  const app: number[] = [];
  const baseline: number[] = [];
  // A 401 or 500 would make a fast but meaningless figure: counted, and shown in the raw figures.
  let failed = 0;
  for (let run = 0; run < runs; run++) {
    const a = await cannon(urls.app, [appRequest(hot, users)], connections, duration);
    const b = await cannon(urls.baseline, [baselineRequest(hot)], connections, duration);
    failed += a.non2xx + a.errors + b.non2xx + b.errors;
    app.push(a.requests.average);
    baseline.push(b.requests.average);
  }
  // Each run's figures are measured back to back, so the median of the runs' ratios shrugs off
  // whatever else loaded the machine during one run.
  return { app, baseline, ratio: median(app.map((value, run) => value / baseline[run]!)), failed };
}

export type LoadFigures = {
  requests: number;
  errors: number;
  timeouts: number;
  p50_ms: number;
  p99_ms: number;
  req_per_s: number;
};

const loadFigures = (result: Result): LoadFigures => ({
  requests: result.requests.total,
  // autocannon's `errors` include timeouts; a non-2xx answer is an error too.
  errors: result.errors - result.timeouts + result.non2xx,
  timeouts: result.timeouts,
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  req_per_s: result.requests.average,
});

/** The mixed authenticated reads, each connection cycling through them, against the app then the baseline. */
export async function mixedLoad(
  urls: { app: string; baseline: string },
  paths: HotPath[],
  users: BenchUsers,
  connections: number,
  duration: number,
) {
  const app = loadFigures(
    await cannon(
      urls.app,
      paths.map((hot) => appRequest(hot, users)),
      connections,
      duration,
    ),
  );
  // Requests the app still holds after its clients gave up are served before the baseline's turn.
  await (await fetch(`${urls.app}/api/health`)).arrayBuffer();
  const baseline = loadFigures(await cannon(urls.baseline, paths.map(baselineRequest), connections, duration));
  return { app, baseline };
}

export type StormFigures = {
  quiet: LoadFigures;
  storm: LoadFigures;
  logins: { sent: number; ok: number; refused: number; failed: number; p50_ms: number };
};

/**
 * `auth.me` quiet, then again while a timer fires `perSecond` real sign-ins (scrypt and all), each
 * from its own address so the per-address burst limit is not what is measured.
 */
export async function loginStorm(
  appUrl: string,
  users: BenchUsers,
  perSecond: number,
  connections: number,
  duration: number,
): Promise<StormFigures> {
  const me = [appRequest({ name: "auth.me", role: "super_admin" }, users)];
  const quiet = loadFigures(await cannon(appUrl, me, connections, duration));
  const logins = { sent: 0, ok: 0, refused: 0, failed: 0, times: [] as number[] };
  const pending = new Set<Promise<void>>();
  const body = JSON.stringify(superjson.serialize(users.login));
  const fire = () => {
    const n = ++logins.sent;
    const start = performance.now();
    const request = fetch(`${appUrl}/api/trpc/auth.login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: appUrl,
        "x-bench-ip": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body,
    })
      .then(async (response) => {
        await response.arrayBuffer();
        logins.times.push(performance.now() - start);
        // A bounded hash pool may answer 503 (Retry-After) rather than queue: a refusal, not a failure.
        if (response.status === 200) logins.ok++;
        else if (response.status === 503 || response.status === 429) logins.refused++;
        else logins.failed++;
      })
      .catch(() => void logins.failed++)
      .finally(() => pending.delete(request));
    pending.add(request);
  };
  const timer = setInterval(fire, 1000 / perSecond);
  fire();
  const storm = loadFigures(await cannon(appUrl, me, connections, duration));
  clearInterval(timer);
  await Promise.all(pending);
  return {
    quiet,
    storm,
    logins: {
      sent: logins.sent,
      ok: logins.ok,
      refused: logins.refused,
      failed: logins.failed,
      p50_ms: median(logins.times),
    },
  };
}

/**
 * Median latency (ms) of `calls` in-process calls of each list at each scale, after `warmup`
 * calls. The scales take turns call by call, so whatever else loads the machine weighs on each alike.
 */
export async function listLatencies(
  scales: { rows: number; url: string; users: BenchUsers }[],
  appUrl: string,
  lists: ListPath[],
  calls: number,
  warmup = 3,
): Promise<Record<string, Record<number, number>>> {
  const opened = scales.map((scale) => {
    const db = createDatabase({ url: scale.url });
    return { ...scale, db, app: benchApp(db, appUrl) };
  });
  const result: Record<string, Record<number, number>> = {};
  try {
    for (const list of lists) {
      const times = new Map<number, number[]>(opened.map((scale) => [scale.rows, []]));
      for (let i = 0; i < warmup + calls; i++) {
        for (const { rows, app, users } of opened) {
          const start = performance.now();
          const response = await app.request(`${appUrl}${trpcPath(list.path, list.input)}`, {
            headers: { cookie: users.cookies[list.role] },
          });
          await response.arrayBuffer();
          if (response.status !== 200)
            throw new Error(`bench: ${list.name} at ${rows} rows answered ${response.status}`);
          if (i >= warmup) times.get(rows)!.push(performance.now() - start);
        }
      }
      result[list.name] = Object.fromEntries([...times].map(([rows, samples]) => [rows, median(samples)]));
    }
  } finally {
    for (const { db } of opened) db.$client.close();
  }
  return result;
}
