/**
 * Where a request's time goes, for the bench's server process (tests/bench/server.ts on a fresh
 * 1k-row database, autocannon with 10 connections in this process):
 *
 *   npx tsx tests/bench/profile.ts app auth.me [seconds]       CPU profile of the app
 *   npx tsx tests/bench/profile.ts baseline auth.me [seconds]  … of the bare Hono baseline
 *   npx tsx tests/bench/profile.ts compare [seconds] [names…]  CPU µs per request, app vs baseline
 *
 * A profile is taken only while the measured run goes (not during start-up or warm-up); it prints
 * the CPU time per request by package and the top functions by self time, and keeps the
 * `.cpuprofile` (Chrome DevTools opens it) in a temporary directory. `compare` runs no profiler:
 * the CPU time of the server's main thread (the one that serves every request) per request, app
 * and baseline in turns, is a steadier figure than requests per second on a shared machine. Not
 * part of `npm run bench`.
 */
import { fork } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type Control = { window: "start" | "stop"; profile: boolean };
type WindowResult = { cpuUs: number; profile?: Profile };

if (process.argv.includes("--child")) {
  // The server process as the bench runs it, plus a measuring window switched on and off over IPC.
  await import("./server.ts");
  const session = new Session();
  session.connect();
  let cpu = process.threadCpuUsage();
  process.on("message", async (message: Partial<Control>) => {
    if (message.window === "start") {
      if (message.profile) {
        await session.post("Profiler.enable");
        await session.post("Profiler.setSamplingInterval", { interval: 100 });
        await session.post("Profiler.start");
      }
      cpu = process.threadCpuUsage();
      process.send?.({ started: true });
    } else if (message.window === "stop") {
      const used = process.threadCpuUsage(cpu);
      const result: WindowResult = { cpuUs: used.user + used.system };
      if (message.profile) result.profile = (await session.post("Profiler.stop")).profile as Profile;
      process.send?.(result);
    }
  });
} else await main();

async function main() {
  const [
    { default: autocannon },
    { HOT_PATHS },
    { appRequest, baselineRequest },
    { freePort, inProcessPass, scaledDatabase },
  ] = await Promise.all([
    import("autocannon"),
    import("./hot-paths.ts"),
    import("./measure.ts"),
    import("./servers.ts"),
  ]);
  const [mode = "compare", ...rest] = process.argv.slice(2);
  const compare = mode === "compare";
  const seconds = Number((compare ? rest[0] : rest[1]) ?? 5);
  const names = compare ? rest.slice(1) : [rest[0] ?? "auth.me"];
  const paths = names.length ? HOT_PATHS.filter((hot) => names.includes(hot.name)) : HOT_PATHS;
  if (!paths.length) throw new Error(`profile: no hot path named ${names.join(", ")}`);

  const appPort = await freePort();
  const appUrl = `http://localhost:${appPort}`;
  const db = await scaledDatabase(1_000, appUrl);
  const pass = await inProcessPass(db.url, appUrl, db.users, paths);
  const baselinePort = await freePort();
  const child = fork(fileURLToPath(import.meta.url), ["--child"], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const reply = <T>() => new Promise<T>((done) => child.once("message", (message) => done(message as T)));
  const ready = reply();
  child.send({ dbUrl: db.url, appPort, baselinePort, ops: pass.ops });
  await ready;

  const measure = async (target: "app" | "baseline", hot: (typeof paths)[number], profile: boolean) => {
    const url = target === "baseline" ? `http://localhost:${baselinePort}` : appUrl;
    const request = target === "baseline" ? baselineRequest(hot) : appRequest(hot, db.users);
    const started = reply();
    child.send({ window: "start", profile } satisfies Control);
    await started;
    const result = await autocannon({ url, connections: 10, duration: seconds, requests: [request] });
    const stopped = reply<WindowResult>();
    child.send({ window: "stop", profile } satisfies Control);
    const window = await stopped;
    return {
      ...window,
      requests: result.requests.total,
      perSecond: result.requests.average,
      p99: result.latency.p99,
      failed: result.non2xx + result.errors,
    };
  };
  try {
    if (compare) {
      for (const hot of paths) {
        await measure("app", hot, false);
        await measure("baseline", hot, false);
        const runs = [];
        for (let run = 0; run < 5; run++)
          runs.push({ app: await measure("app", hot, false), baseline: await measure("baseline", hot, false) });
        const cpu = runs.map(
          ({ app, baseline }) =>
            `${(app.cpuUs / app.requests).toFixed(0)}/${(baseline.cpuUs / baseline.requests).toFixed(0)}`,
        );
        const rate = runs.map(({ app, baseline }) => (app.perSecond / baseline.perSecond).toFixed(2));
        const failed = runs.reduce((sum, { app, baseline }) => sum + app.failed + baseline.failed, 0);
        const medianOf = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
        const app = medianOf(runs.map((run) => run.app.cpuUs / run.app.requests));
        const baseline = medianOf(runs.map((run) => run.baseline.cpuUs / run.baseline.requests));
        console.log(
          `${hot.name.padEnd(32)} main-thread CPU µs/req: app ${app.toFixed(0)}, baseline ${baseline.toFixed(0)} (baseline/app ${(baseline / app).toFixed(2)}; runs ${cpu.join(" ")})   req/s ratio ${rate.join(" ")}${failed ? `   ${failed} failed` : ""}`,
        );
      }
    } else {
      const target = mode === "baseline" ? "baseline" : "app";
      await measure(target, paths[0]!, false);
      const result = await measure(target, paths[0]!, true);
      report(
        target,
        paths[0]!.name,
        result.profile!,
        result.cpuUs,
        result.requests,
        `${result.perSecond} req/s, p99 ${result.p99} ms, ${result.failed} failed`,
      );
    }
  } finally {
    child.send({ stop: true });
    await exited;
    db.remove();
  }
}

function report(target: string, name: string, profile: Profile, cpuUs: number, requests: number, summary: string) {
  const file = join(mkdtempSync(join(tmpdir(), "schoolride-profile-")), `${target}-${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  for (const [id, us] of selfUs) {
    const { functionName, url: source, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") continue;
    const short = source.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(worker|db|tests)\//, "$1/");
    add(byFunction, `${functionName || "(anonymous)"} ${short}:${lineNumber + 1}`, us);
    const pkg = source.includes("node_modules/")
      ? source.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, "$1")
      : !source
        ? functionName
        : source.startsWith("node:")
          ? source
          : short.split("/").slice(0, 2).join("/");
    add(byPackage, pkg, us);
  }
  const busy = [...byPackage.values()].reduce((sum, us) => sum + us, 0);
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([key, us]) =>
          `${(us / requests).toFixed(1).padStart(7)} µs/req ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${key}`,
      )
      .join("\n");
  console.log(`${target} ${name}: ${summary}`);
  console.log(
    `CPU of the server's main thread ${(cpuUs / requests).toFixed(0)} µs/req; sampled busy main thread ${(busy / requests).toFixed(0)} µs/req`,
  );
  console.log(
    `\nby package (self time):\n${top(byPackage, 30)}\n\nby function (self time):\n${top(byFunction, 45)}\n\nprofile: ${file}`,
  );
}
