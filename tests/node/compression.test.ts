import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeAssets } from "#worker/local/assets.ts";
import { acceptedEncodings, compressPages } from "#worker/local/compression.ts";
import { precompress } from "../../scripts/precompress.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

/**
 * Issue 29 item 2 on the Node entry (ADR 0065), over real HTTP: the build's brotli and gzip copies
 * of the assets sent by Accept-Encoding, the pages compressed per response, `Vary` on both, the
 * cache headers kept, HEAD and Range, and nothing outside dist/ or beside the point served.
 */

const SCRIPT = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;
const HOME = `<!doctype html><html><head><title>Home</title></head><body><main><h1>Home</h1>${"<p>Safe rides.</p>".repeat(200)}</main></body></html>`;
const SHELL = '<!doctype html><html><head><title>SchoolRide</title></head><body><div id="root"></div></body></html>';
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452".repeat(64), "hex");

let dist: string;
let outside: string;
let t: TestApp;
let server: ServerType;
let port: number;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "schoolride-compress-"));
  outside = `${dist}-secret.js`;
  writeFileSync(outside, SCRIPT);
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), content);
  };
  write("index.html", SHELL);
  write("home.html", HOME);
  write("assets/app-abc123.js", SCRIPT);
  write("assets/style-abc123.css", `body{color:red}\n${".a{margin:0}\n".repeat(300)}`);
  write("assets/only-raw-abc123.js", SCRIPT);
  write("assets/logo-abc123.png", PNG);
  write("favicon.svg", `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(300)}</svg>`);
  await precompress(dist);
  // A copy the build did not write (an older build, a copy removed by hand): the file is sent.
  rmSync(join(dist, "assets/only-raw-abc123.js.br"));
  rmSync(join(dist, "assets/only-raw-abc123.js.gz"));
  // Beside an image the build never writes one; were one there, it is not sent.
  write("assets/logo-abc123.png.br", brotliCompressSync(PNG));
  t = await createTestApp({ assets: nodeAssets(dist) });
  server = serve({ fetch: compressPages(t.app.fetch), port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((ready) => server.once("listening", () => ready()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  t.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(outside, { force: true });
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request as a browser's network stack sends it, the body as it came over the wire (not decoded). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

const decode = (response: Raw) => {
  const coding = response.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(response.body).toString("utf8");
  if (coding === "gzip") return gunzipSync(response.body).toString("utf8");
  return response.body.toString("utf8");
};

describe("Accept-Encoding", () => {
  it("rates the codings by q-value, br first among equals, q=0 refusing one", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("br;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("gzip;q=0.8, br;q=0.5")).toEqual(["gzip", "br"]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("*;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings("")).toEqual([]);
    expect(acceptedEncodings(null)).toEqual([]);
  });
});

describe("the build's compressed copies", () => {
  it("are written beside the text assets only, and never for HTML", () => {
    const assets = readdirSync(join(dist, "assets")).sort();
    expect(assets).toContain("app-abc123.js.br");
    expect(assets).toContain("app-abc123.js.gz");
    expect(assets).toContain("style-abc123.css.br");
    expect(assets).not.toContain("logo-abc123.png.gz");
    expect(readdirSync(dist)).toContain("favicon.svg.br");
    expect(readdirSync(dist).filter((file) => file.includes(".html."))).toEqual([]);
  });
});

describe("assets on the Node entry", () => {
  it("sends brotli to a browser that takes it, with the type, Vary and the immutable cache", async () => {
    const response = await raw("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers.vary).toContain("Accept-Encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(response.headers["content-length"])).toBe(response.body.byteLength);
    expect(response.body.byteLength).toBeLessThan(SCRIPT.length / 4);
    expect(decode(response)).toBe(SCRIPT);
  });

  it("falls back to gzip, and to the file itself when neither is accepted", async () => {
    for (const acceptEncoding of ["gzip", "br;q=0, gzip", "gzip;q=0.9, br;q=0.1"]) {
      const response = await raw("/assets/style-abc123.css", { "accept-encoding": acceptEncoding });
      expect(response.headers["content-encoding"], acceptEncoding).toBe("gzip");
      expect(response.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(decode(response)).toContain("body{color:red}");
    }
    const refusing: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "br;q=0, gzip;q=0" },
    ];
    for (const headers of refusing) {
      const response = await raw("/assets/app-abc123.js", headers);
      expect(response.headers["content-encoding"], JSON.stringify(headers)).toBeUndefined();
      expect(response.headers.vary).toContain("Accept-Encoding");
      expect(response.body.toString("utf8")).toBe(SCRIPT);
    }
  });

  it("sends the file when its compressed copy is missing", async () => {
    const response = await raw("/assets/only-raw-abc123.js", { "accept-encoding": "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body.toString("utf8")).toBe(SCRIPT);
  });

  it("sends an image as it is, whatever lies beside it", async () => {
    const response = await raw("/assets/logo-abc123.png", { "accept-encoding": "br, gzip" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers.vary ?? "").not.toContain("Accept-Encoding");
    expect(response.body.equals(PNG)).toBe(true);
  });

  it("a HEAD says what the GET sends, without the body; a Range gets the whole file", async () => {
    const get = await raw("/assets/app-abc123.js", { "accept-encoding": "br" });
    const head = await raw("/assets/app-abc123.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(String(get.body.byteLength));
    expect(head.body.byteLength).toBe(0);
    // Ranges are not served (no Accept-Ranges): the whole representation, never a slice of its coding.
    const ranged = await raw("/assets/app-abc123.js", { "accept-encoding": "br", range: "bytes=0-9" });
    expect(ranged.status).toBe(200);
    expect(ranged.headers["content-range"]).toBeUndefined();
    expect(decode(ranged)).toBe(SCRIPT);
  });

  it("serves nothing outside dist/, and no compressed copy as a file of its own", async () => {
    for (const path of [`/..%2f${outside.split("/").pop()}`, "/assets/..%2f..%2f..%2fetc%2fpasswd"]) {
      const response = await raw(path, { "accept-encoding": "br" });
      expect(decode(response), path).not.toContain("greeting");
      expect(decode(response), path).not.toContain("root:");
    }
    const copy = await raw("/assets/app-abc123.js.br", { "accept-encoding": "br" });
    expect(copy.status).toBe(404);
    expect(copy.headers["content-type"]).toContain("text/html");
  });
});

describe("pages on the Node entry", () => {
  it("are compressed per response, their CSP nonce in them, never cached", async () => {
    const first = await raw("/", { "accept-encoding": "gzip, deflate, br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toContain("Accept-Encoding");
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["content-security-policy"]).toContain("script-src 'self'");
    const page = decode(first);
    expect(page).toMatch(/<meta property="csp-nonce" nonce="[^"]+">/);
    expect(page).toContain("Safe rides.");
    const second = decode(await raw("/", { "accept-encoding": "gzip" }));
    expect(second.match(/nonce="([^"]+)"/)?.[1]).not.toBe(page.match(/nonce="([^"]+)"/)?.[1]);
    const plain = await raw("/", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain("Safe rides.");
  });

  it("a HEAD of a page gets the GET's coding and length; a page under 1 KB is sent as it is", async () => {
    const get = await raw("/", { "accept-encoding": "gzip" });
    const head = await raw("/", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(Math.abs(Number(head.headers["content-length"]) - get.body.byteLength)).toBeLessThan(8);
    expect(head.body.byteLength).toBe(0);
    const shell = await raw("/parent", { "accept-encoding": "br" });
    expect(shell.headers["content-encoding"]).toBeUndefined();
    expect(shell.headers.vary).toContain("Accept-Encoding");
    expect(shell.body.toString("utf8")).toContain('<div id="root"></div>');
  });

  it("an API answer passes as it is", async () => {
    const response = await raw("/api/health", { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-type"]).toContain("application/json");
  });
});

it("gzip is not double-applied to a response that already has a coding", async () => {
  const already = gzipSync(HOME);
  const handler = compressPages(
    async () =>
      new Response(already, { headers: { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" } }),
  );
  const response = await handler(new Request("http://localhost/", { headers: { "accept-encoding": "br" } }));
  expect(response.headers.get("content-encoding")).toBe("gzip");
  expect(Buffer.from(await response.arrayBuffer()).equals(already)).toBe(true);
});
