/**
 * `npm run build`, last step: a brotli (quality 11) and a gzip (level 9) copy beside each text
 * asset of dist/ (`<file>.br`, `<file>.gz`), which the Node entry sends to browsers that accept
 * them (worker/local/assets.ts, ADR 0065). Only where the copy is smaller; HTML is compressed per
 * response instead (its CSP nonce differs each time). Cloudflare compresses at its edge, so
 * web/public/.assetsignore keeps the copies out of the Worker's assets.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { hasPrecompressedCopies, isCompressedCopy } from "#worker/local/compression.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Every file under `dir`, except the build's bookkeeping (.vite/) and earlier copies. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === ".vite" ? [] : filesUnder(path);
    return isCompressedCopy(path) ? [] : [path];
  });
}

/** Writes the copies for the text assets under `dist`; returns bytes before and after (brotli). */
export async function precompress(dist: string): Promise<{ files: number; rawBytes: number; brotliBytes: number }> {
  const files = filesUnder(dist).filter(hasPrecompressedCopies);
  let rawBytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
          },
        }),
        gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      rawBytes += raw.byteLength;
      brotliBytes += Math.min(br.byteLength, raw.byteLength);
      for (const [suffix, copy] of [
        [".br", br],
        [".gz", gz],
      ] as const) {
        // A copy no smaller than the file is not worth a coding: the file is sent instead.
        if (copy.byteLength < raw.byteLength) writeFileSync(file + suffix, copy);
        else rmSync(file + suffix, { force: true });
      }
    }),
  );
  return { files: files.length, rawBytes, brotliBytes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = resolve(process.argv[2] ?? "dist");
  if (!statSync(dist).isDirectory()) throw new Error(`precompress: ${dist} is not a directory`);
  const { files, rawBytes, brotliBytes } = await precompress(dist);
  console.log(
    `precompressed ${files} files: ${(rawBytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli (and gzip)`,
  );
}
