/**
 * The service worker's precache list (ADR 0067), from what the build wrote (vite.config.ts's PWA
 * block, workbox's `manifestTransforms`): the JS and CSS chunks and the icons as found, and the
 * role-home shells, their areas' shells (ADR 0076) and their pages' own (ADR 0088) by the URLs they
 * are served at (`/parent`, `/areas/parent`, `/areas/parent/rides`, the driver's alike). Not the
 * language catalogs' chunks (every language's, ~1 MB): the worker keeps those a page loads, at
 * runtime (web/src/sw/sw.ts, ADR 0083).
 *
 * The shells (dist/parent.html, dist/driver.html) are written after Vite's build, by
 * scripts/prerender.ts, from dist/index.html and the chunks; the worker fetches them from the
 * server at install. Their revision is the whole build's (every entry's URL and revision, index.html
 * included), so any change to what a shell holds or preloads installs it again.
 */
import { createHash } from "node:crypto";
import type { ManifestEntry } from "workbox-build";
import { isCatalogChunk } from "#shared/catalog-chunks.ts";
import { areaShellPath, pageShellsOf } from "#shared/role-homes.ts";
import { OFFLINE_ROLES } from "#shared/service-worker.ts";

/** The files a shell is built from, found by the glob, not precached themselves. */
export const SHELL_SOURCE = "index.html";

export function precacheEntries<Entry extends ManifestEntry & { size: number }>(entries: readonly Entry[]): Entry[] {
  const sorted = [...entries].sort((a, b) => a.url.localeCompare(b.url));
  const shell = sorted.find((entry) => entry.url === SHELL_SOURCE);
  if (!shell) throw new Error(`precache: ${SHELL_SOURCE} not found`);
  const revision = createHash("sha256")
    .update(sorted.map((entry) => `${entry.url} ${entry.revision ?? ""}`).join("\n"))
    .digest("hex")
    .slice(0, 32);
  return [
    ...sorted.filter((entry) => entry.url !== SHELL_SOURCE && !isCatalogChunk(`/${entry.url}`)),
    ...OFFLINE_ROLES.flatMap((role) => [`/${role}`, areaShellPath(`/${role}`), ...pageShellsOf(`/${role}`)]).map(
      (url) => ({
        ...shell,
        url,
        revision,
      }),
    ),
  ];
}
