/**
 * `npm run bench -- --lighthouse` (about 2 minutes a checkout on 2 cores, a section of its own, not
 * in the full run): Lighthouse's own mobile run (its default preset: a Moto G Power's screen,
 * simulated Slow 4G and 4× CPU), the peer tool issue 29 names beside the paint bench. The Node entry
 * built from this checkout (`npm run build` first; `--no-build` reuses dist/) on a fresh demo
 * database; Chromium (/usr/bin/chromium, else Playwright's own) started by chrome-launcher with
 * `--headless --no-sandbox --disable-gpu`. Each page is run `--lighthouse-runs=N` times (default 3;
 * medians): the performance score and the LCP, for `/` and `/login/parent` signed out and `/parent`
 * signed in as the demo parent (in a browser of its own, signed in first; Lighthouse empties the
 * HTTP cache before each run but keeps cookies, so every run is a first visit of a signed-in parent).
 * `--lighthouse-compare=<dir>` measures a second built checkout in turn, run by run. Goal: ≥ 95.
 */
import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { SYSTEM_CHROMIUM, signIn, startServer } from "./paint.ts";
import { freePort } from "./servers.ts";

const PAGES = [
  { path: "/", signedIn: false },
  { path: "/login/parent", signedIn: false },
  { path: "/parent", signedIn: true },
] as const;
const GOAL_SCORE = 95;

/** `lcpElement`: the text or label of the element Lighthouse's LCP is for (ADR 0090: it was not the one we thought). */
type Run = { score: number; lcpMs: number; fcpMs: number; tbtMs: number; unusedJsKb: number; lcpElement: string };
type Numeric = Exclude<keyof Run, "lcpElement">;
type Row = { path: string; runs: Run[] };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One run; a run Lighthouse could not record (NO_NAVSTART and the like, on a loaded machine) is run again, twice at most. */
async function runOnce(port: number, url: string, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < 3) {
      console.log(`[lighthouse] ${url}: ${lhr.runtimeError.code}, run again`);
      return runOnce(port, url, attempt + 1);
    }
    throw new Error(`lighthouse: ${url}: ${lhr.runtimeError.message}`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const unused = lhr.audits["unused-javascript"]?.details as { overallSavingsBytes?: number } | undefined;
  // Lighthouse 13's LCP breakdown: a table of its parts, then the element ("node").
  const breakdown = lhr.audits["lcp-breakdown-insight"]?.details as
    | { items?: { type?: string; nodeLabel?: string }[] }
    | undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric("largest-contentful-paint"),
    fcpMs: numeric("first-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    unusedJsKb: (unused?.overallSavingsBytes ?? 0) / 1024,
    lcpElement: breakdown?.items?.find((item) => item.type === "node")?.nodeLabel ?? "?",
  };
}

function format(rows: Row[]): string {
  const lines = [
    "| Page | Performance | LCP | FCP | TBT | Unused JS | Goal | LCP element (most runs) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const { path, runs } of rows) {
    const score = median(runs.map((run) => run.score));
    const of = (key: Numeric) => median(runs.map((run) => run[key]));
    const elements = runs.map((run) => run.lcpElement);
    const element = elements.toSorted(
      (a, b) => elements.filter((e) => e === b).length - elements.filter((e) => e === a).length,
    )[0];
    lines.push(
      `| ${path} | ${score} ${score >= GOAL_SCORE ? "✓" : "✗"} | ${(of("lcpMs") / 1000).toFixed(1)} s | ${(of("fcpMs") / 1000).toFixed(1)} s | ${Math.round(of("tbtMs"))} ms | ${Math.round(of("unusedJsKb"))} KB | ≥ ${GOAL_SCORE} | ${(element ?? "?").slice(0, 60).replaceAll("|", "/")} |`,
    );
  }
  return lines.join("\n");
}

export async function lighthouseBench(argv: readonly string[]): Promise<void> {
  const option = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(option("lighthouse-runs") ?? 3);
  const compare = option("lighthouse-compare");
  const checkouts = [resolve("."), ...(compare ? [resolve(compare)] : [])];
  if (!argv.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const loadStart = loadavg()[0]!;
  const dataDir = mkdtempSync(join(tmpdir(), "schoolride-lighthouse-"));
  const servers: ChildProcess[] = [];
  const ports: number[] = [];
  // Two browsers: a signed-out one for the public pages, one where the demo parent has signed in.
  const launchChrome = () =>
    launch({
      chromePath: SYSTEM_CHROMIUM ?? chromium.executablePath(),
      chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"],
    });
  const chromes = { signedOut: await launchChrome(), signedIn: await launchChrome() };
  const rows: Row[][] = checkouts.map(() => PAGES.map(({ path }) => ({ path, runs: [] })));
  try {
    for (const checkout of checkouts) {
      const port = await freePort();
      servers.push(await startServer(port, dataDir, checkout));
      ports.push(port);
    }
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromes.signedIn.port}`);
    for (const port of ports) {
      const page = await browser.contexts()[0]!.newPage();
      await signIn(page, "parent", `http://localhost:${port}`);
      await page.close();
    }
    await browser.close();
    for (let run = 0; run < runs; run++)
      for (const [pageIndex, { path, signedIn }] of PAGES.entries())
        for (const [index, port] of ports.entries()) {
          const chrome = signedIn ? chromes.signedIn : chromes.signedOut;
          rows[index]![pageIndex]!.runs.push(await runOnce(chrome.port, `http://localhost:${port}${path}`));
        }
  } finally {
    chromes.signedOut.kill();
    chromes.signedIn.kill();
    for (const server of servers) server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
  const figures = {
    generated_at: new Date().toISOString(),
    runs,
    load_average: { start: loadStart, end: loadavg()[0]! },
    checkouts: checkouts.map((checkout, index) => ({ checkout, rows: rows[index] })),
  };
  const file = join(tmpdir(), "schoolride-bench-lighthouse.json");
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  for (const [index, checkout] of checkouts.entries())
    console.log(`\n${checkouts.length > 1 ? `${checkout}:\n\n` : ""}${format(rows[index]!)}`);
  console.log(
    `\n[lighthouse] medians of ${runs}; load average (1 min) ${loadStart.toFixed(2)} at the start, ${figures.load_average.end.toFixed(2)} at the end; figures in ${file}`,
  );
}
