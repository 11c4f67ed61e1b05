/**
 * Runs the Worker under `wrangler dev` in local mode: used by `npm run dev:worker`
 * (scripts/dev-worker.ts) and by the start-up test (tests/worker-start).
 *
 * Local mode is selected with `--var` overrides of wrangler.toml's production `[vars]`
 * (docs/decisions/0008-local-mode-under-wrangler-dev.md): APP_ENV=local, a plain-http APP_URL, the
 * local HTTP database, and the Stripe simulator's price ids. No secret is passed, so no Stripe or
 * Resend key can be used. Wrangler gets no network: no telemetry, no `Request.cf` download.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { LOCAL_PRICES } from "../worker/config.ts";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER_BIN = resolve(ROOT, "node_modules/wrangler/bin/wrangler.js");

/** The variables that put the Worker in local mode (they override wrangler.toml's `[vars]`). */
export function localModeVars(options: { appUrl: string; databaseUrl: string }): Record<string, string> {
  return {
    APP_ENV: "local",
    APP_URL: options.appUrl,
    DATABASE_URL: options.databaseUrl,
    STRIPE_PRICE_STARTER: LOCAL_PRICES.starter,
    STRIPE_PRICE_PROFESSIONAL: LOCAL_PRICES.professional,
    STRIPE_PRICE_ENTERPRISE: LOCAL_PRICES.enterprise,
  };
}

export type WranglerDevOptions = {
  port: number;
  vars: Record<string, string>;
  /** Runs this already built module (the `wrangler deploy --dry-run` bundle) as is, instead of bundling worker/index.ts. */
  builtScript?: string;
  /** Where Miniflare keeps local state (wrangler's default: .wrangler/state). */
  persistTo?: string;
  /**
   * `inherit`: an interactive session in this terminal (Ctrl-C reaches wrangler).
   * `pipe`: wrangler in its own process group, output collected, for tests.
   */
  stdio: "inherit" | "pipe";
};

export function wranglerDevArgs(options: WranglerDevOptions): string[] {
  return [
    "dev",
    ...(options.builtScript ? [options.builtScript, "--no-bundle"] : []),
    "--config",
    resolve(ROOT, "wrangler.toml"),
    "--local",
    "--test-scheduled",
    "--port",
    String(options.port),
    ...(options.persistTo ? ["--persist-to", options.persistTo] : []),
    ...(options.stdio === "pipe" ? ["--show-interactive-dev-session=false"] : []),
    ...Object.entries(options.vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
}

export type WranglerDev = {
  child: ChildProcess;
  /** Resolves with the exit code (or signal) when wrangler has exited. */
  exited: Promise<string>;
  /** What wrangler printed so far (`pipe` only). */
  output(): string;
  /** Asks wrangler (and workerd) to stop; kills them after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
};

export function startWranglerDev(options: WranglerDevOptions): WranglerDev {
  const pipe = options.stdio === "pipe";
  const child = spawn(process.execPath, [WRANGLER_BIN, ...wranglerDevArgs(options)], {
    cwd: ROOT,
    stdio: pipe ? ["ignore", "pipe", "pipe"] : "inherit",
    detached: pipe,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => void (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => void (output += chunk.toString("utf8")));
  const exited = new Promise<string>((done) => {
    child.once("exit", (code, signal) => done(signal ?? `exit code ${code}`));
    child.once("error", (error) => done(`failed to start: ${error.message}`));
  });
  let running = true;
  void exited.then(() => (running = false));

  const signal = (name: NodeJS.Signals) => {
    if (!running || child.pid === undefined) return;
    try {
      // In `pipe` mode wrangler leads its own process group: stop workerd with it.
      process.kill(pipe ? -child.pid : child.pid, name);
    } catch {
      // Already gone.
    }
  };
  return {
    child,
    exited,
    output: () => output,
    async stop(graceMs = 5_000) {
      signal("SIGINT");
      const timer = setTimeout(() => signal("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
      if (pipe) signal("SIGKILL"); // any workerd left in the group
    },
  };
}

/** Polls `<url>/api/health` until it answers `{"ok":true}`; fails early if wrangler exits. */
export async function waitForHealth(
  url: string,
  dev: Pick<WranglerDev, "exited" | "output">,
  timeoutMs: number,
): Promise<void> {
  let exitedWith: string | undefined;
  void dev.exited.then((how) => (exitedWith = how));
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (exitedWith !== undefined)
      throw new Error(`wrangler dev exited (${exitedWith}) before the Worker was healthy:\n${dev.output()}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const body = await response.text();
      if (response.ok && body === '{"ok":true}') return;
      last = `${response.status} ${body.slice(0, 200)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`/api/health did not answer {"ok":true} within ${timeoutMs} ms (last: ${last}):\n${dev.output()}`);
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => done());
  });
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === "string") throw new Error("could not pick a free port");
  return address.port;
}
