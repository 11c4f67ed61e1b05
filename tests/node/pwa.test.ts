import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogLocale, isCatalogChunk, TEXTS_INDEX, textsFile, textsIndexFile } from "#shared/catalog-chunks.ts";
import { SCREEN_CACHE } from "#shared/kept-screens.ts";
import { CATALOG_CACHE, isOfflineRole, OFFLINE_ROLES, SERVICE_WORKER_PATH } from "#shared/service-worker.ts";
import { createApp } from "#worker/app.ts";
import { nodeAssets } from "#worker/local/assets.ts";
import { precacheEntries } from "../../scripts/pwa-precache.ts";
import { appManifest, MANIFESTS } from "../../web/src/pwa/app-manifest.ts";
import { dataAgeNotice, FRESH_FOR_MS, formatAge, oldestShownAt, refreshFailed } from "../../web/src/pwa/data-age.ts";
import { isIosBrowser } from "../../web/src/pwa/ios.ts";
import { manifestFor } from "../../web/src/pwa/manifest-link.ts";
import {
  forgetStoredData,
  isAppShellCache,
  PERSIST_DELAY_MS,
  PERSISTED_DATA_KEY,
  PERSISTED_MAX_AGE_MS,
  persistQueries,
  type SessionQuery,
} from "../../web/src/pwa/query-persistence.ts";
import { createTestApp } from "../support/harness.ts";

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), "schoolride-pwa-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(dist, "parent.webmanifest"), JSON.stringify(appManifest("/parent")));
  writeFileSync(join(dist, "assets", "app-1.js"), "console.log(1)");
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("the service worker's headers, on both entries", () => {
  it("/sw.js is revalidated at every check and may control the whole origin (Node entry)", async () => {
    const t = await createTestApp();
    try {
      const app = createApp({ ...t.deps, assets: nodeAssets(dist) });
      const response = await app.request(SERVICE_WORKER_PATH);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/javascript");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("service-worker-allowed")).toBe("/");
      // Another script keeps its own caching and gets no scope header.
      const chunk = await app.request("/assets/app-1.js");
      expect(chunk.headers.get("cache-control")).toContain("immutable");
      expect(chunk.headers.get("service-worker-allowed")).toBeNull();
      const manifest = await app.request("/parent.webmanifest");
      expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
      expect((await manifest.json()).start_url).toBe("/parent");
    } finally {
      await t.close();
    }
  });

  it("/sw.js overrides the platform's caching (the Worker's assets binding)", async () => {
    const t = await createTestApp();
    try {
      // Cloudflare's assets answer a static file with a max-age of their own choosing.
      const assets = async (request: Request) =>
        new URL(request.url).pathname === SERVICE_WORKER_PATH
          ? new Response("self.skipWaiting()", {
              headers: { "content-type": "text/javascript", "cache-control": "public, max-age=3600" },
            })
          : new Response("missing", { status: 404 });
      const app = createApp({ ...t.deps, assets });
      const response = await app.request(SERVICE_WORKER_PATH);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("service-worker-allowed")).toBe("/");
    } finally {
      await t.close();
    }
  });

  it("the CSP allows this origin's workers and manifest only", async () => {
    const t = await createTestApp();
    try {
      const app = createApp({ ...t.deps, assets: nodeAssets(dist) });
      const csp = (await app.request("/")).headers.get("content-security-policy") ?? "";
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    } finally {
      await t.close();
    }
  });
});

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the web app manifests", () => {
  it("one app, standalone, with icons for any use and a maskable one; each role's start URL is its home", () => {
    expect(MANIFESTS).toEqual({
      "manifest.webmanifest": "/",
      "parent.webmanifest": "/parent",
      "driver.webmanifest": "/driver",
    });
    for (const startUrl of Object.values(MANIFESTS)) {
      const manifest = appManifest(startUrl);
      expect(manifest).toMatchObject({ id: "/", scope: "/", display: "standalone", start_url: startUrl });
      expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
      for (const icon of manifest.icons) {
        const [width, height] = icon.sizes.split("x").map(Number);
        expect(pngSize(join("web/public", icon.src))).toEqual({ width, height });
      }
    }
    expect(pngSize("web/public/icons/apple-touch-icon.png")).toEqual({ width: 180, height: 180 });
    expect(manifestFor("parent")).toBe("parent.webmanifest");
    expect(manifestFor("driver")).toBe("driver.webmanifest");
    expect(manifestFor("school_admin")).toBe("manifest.webmanifest");
    expect(manifestFor(null)).toBe("manifest.webmanifest");
  });
});

describe("the precache list", () => {
  const built = [
    { url: "assets/a-1.js", revision: null, size: 10 },
    { url: "index.html", revision: "r1", size: 5 },
    { url: "icons/icon-192.png", revision: "i1", size: 7 },
  ];
  // The catalogs' chunks of two languages, and the catalogs' loader (a chunk named after i18n.ts).
  const catalogs = [
    { url: "assets/i18n-frame-es-Ab12_-xY.js", revision: null, size: 9 },
    { url: "assets/i18n-school-routes-ar-Cd34EfGh.js", revision: null, size: 9 },
  ];
  const loader = { url: "assets/i18n-cDd7RiPx.js", revision: null, size: 8 };

  it("holds the chunks, the role-home shells, their areas' shells and their pages' own by the URLs they are served at, not index.html", () => {
    const entries = precacheEntries(built);
    expect(entries.map((entry) => entry.url)).toEqual([
      "assets/a-1.js",
      "icons/icon-192.png",
      "/parent",
      "/areas/parent",
      "/areas/parent/rides",
      "/driver",
      "/areas/driver",
      "/areas/driver/runs",
    ]);
    expect(OFFLINE_ROLES).toEqual(["parent", "driver"]);
  });

  it("leaves the languages' catalogs out (the worker keeps those a page loads), not the catalogs' loader", () => {
    const urls = precacheEntries([...built, ...catalogs, loader]).map((entry) => entry.url);
    expect(urls).toContain(loader.url);
    for (const { url } of catalogs) expect(urls).not.toContain(url);
    expect(catalogs.every(({ url }) => isCatalogChunk(`/${url}`))).toBe(true);
    expect(isCatalogChunk(`/${loader.url}`)).toBe(false);
    expect(isCatalogChunk("/assets/i18n-frame-xx-Ab12_-xY.js")).toBe(false);
  });

  it("names a chunk's catalog from the chunk's own name, and reads its language back (ADR 0085)", () => {
    const catalog = textsFile("assets/HomePage-Ab_1-x.js", "es", "v123-567");
    expect(catalog).toBe("assets/i18n-HomePage-Ab_1-x-es-v123-567.js");
    expect(isCatalogChunk(`/${catalog}`)).toBe(true);
    expect(catalogLocale(`/${catalog}`)).toBe("es");
    // A chunk whose own name holds another language's code between dashes: the language is the last one.
    expect(catalogLocale(`/${textsFile("assets/Page-ar-zq.js", "vi", "abcdefgh")}`)).toBe("vi");
    expect(catalogLocale("/assets/HomePage-Ab_1.js")).toBeNull();
    expect(catalogLocale("/assets/i18n-Page-xx-abcdefgh.js")).toBeNull();
    expect(textsIndexFile("v123-567")).toMatch(TEXTS_INDEX);
  });

  it("gives the shells a new revision when any built file changes, the same one otherwise", () => {
    const revision = (entries: typeof built) =>
      precacheEntries(entries).find((entry) => entry.url === "/parent")!.revision;
    expect(revision(built)).toBe(revision([...built].reverse()));
    expect(revision(built)).not.toBe(revision([{ ...built[0]!, url: "assets/a-2.js" }, ...built.slice(1)]));
    expect(revision(built)).not.toBe(revision([built[0]!, { ...built[1]!, revision: "r2" }, built[2]!]));
    expect(() => precacheEntries([built[0]!])).toThrow(/index.html/);
  });
});

/** localStorage's three methods, over a Map. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** Timers moved by hand. */
function handTimers(start = Date.UTC(2026, 10, 26, 8)) {
  let now = start;
  let pending: { at: number; callback: () => void } | null = null;
  return {
    now: () => now,
    setTimeout: (callback: () => void, ms: number) => {
      pending = { at: now + ms, callback };
      return pending;
    },
    clearTimeout: (timer: unknown) => {
      if (timer === pending) pending = null;
    },
    advance(ms: number) {
      now += ms;
      const due = pending;
      if (due && due.at <= now) {
        pending = null;
        due.callback();
      }
    },
  };
}

const ME = ["auth", "me"];
const DASHBOARD = ["parent", "dashboard"];
const session = (client: QueryClient): SessionQuery => ({
  hash: client.getQueryCache().build(client, { queryKey: ME }).queryHash,
  userId: (data) => {
    const user = data as { id: string; role: string } | null;
    return user && isOfflineRole(user.role) ? user.id : null;
  },
});
const parentA = { id: "user-a", role: "parent" };
const parentB = { id: "user-b", role: "parent" };
const rideAt = new Date(Date.UTC(2026, 10, 26, 7, 30));

describe("each user's last data, in the browser's storage", () => {
  it("is written once the answers settle, under the signed-in user, and restored (dates as dates) on the next load", () => {
    const storage = memoryStorage();
    const clock = handTimers();
    const first = new QueryClient();
    persistQueries(first, session(first), storage, clock);
    first.setQueryData(ME, parentA);
    first.setQueryData(DASHBOARD, { ride: rideAt }, { updatedAt: clock.now() });
    expect(storage.items.has(PERSISTED_DATA_KEY)).toBe(false);
    clock.advance(PERSIST_DELAY_MS);
    const saved = superjson.parse<{ userId: string }>(storage.items.get(PERSISTED_DATA_KEY)!);
    expect(saved.userId).toBe("user-a");

    clock.advance(10 * 60_000);
    const next = new QueryClient();
    persistQueries(next, session(next), storage, clock);
    expect(next.getQueryData(ME)).toEqual(parentA);
    expect(next.getQueryData<{ ride: Date }>(DASHBOARD)?.ride).toEqual(rideAt);
    // The restored answers keep their age: the page shows it, and reads them again.
    expect(clock.now() - next.getQueryState(DASHBOARD)!.dataUpdatedAt).toBe(10 * 60_000 + PERSIST_DELAY_MS);
  });

  it("is never taken as fresh: a reload a second later still asks the server again", () => {
    const storage = memoryStorage();
    const clock = handTimers();
    const first = new QueryClient();
    persistQueries(first, session(first), storage, clock);
    first.setQueryData(ME, parentA);
    first.setQueryData(DASHBOARD, { ride: rideAt }, { updatedAt: clock.now() });
    clock.advance(PERSIST_DELAY_MS);

    clock.advance(1_000);
    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    persistQueries(next, session(next), storage, clock);
    expect(next.getQueryData(DASHBOARD)).toEqual({ ride: rideAt });
    expect(next.getQueryState(DASHBOARD)!.isInvalidated).toBe(true);
    expect(next.getQueryState(ME)!.isInvalidated).toBe(true);
  });

  it("is dropped, with the previous user's answers, the moment the session says someone else or no one", () => {
    for (const nextUser of [parentB, null]) {
      const storage = memoryStorage();
      const clock = handTimers();
      const first = new QueryClient();
      persistQueries(first, session(first), storage, clock);
      first.setQueryData(ME, parentA);
      first.setQueryData(DASHBOARD, { ride: rideAt });
      clock.advance(PERSIST_DELAY_MS);

      const next = new QueryClient();
      persistQueries(next, session(next), storage, clock);
      expect(next.getQueryData(DASHBOARD)).toBeDefined();
      next.setQueryData(ME, nextUser);
      expect(storage.items.has(PERSISTED_DATA_KEY)).toBe(false);
      expect(next.getQueryData(DASHBOARD)).toBeUndefined();
      expect(next.getQueryData(ME)).toEqual(nextUser);
      clock.advance(PERSIST_DELAY_MS);
      // The next user's own answers are kept under their id; no one's are not kept.
      const saved = storage.items.get(PERSISTED_DATA_KEY);
      if (nextUser) expect(superjson.parse<{ userId: string }>(saved!).userId).toBe("user-b");
      else expect(saved).toBeUndefined();
    }
  });

  it("takes the kept screens with it when the session says someone else or no one, never for the same user (ADR 0089)", async () => {
    const deleted: string[] = [];
    const real = Object.getOwnPropertyDescriptor(globalThis, "caches");
    Object.defineProperty(globalThis, "caches", {
      configurable: true,
      value: { delete: async (name: string) => deleted.push(name) > 0 },
    });
    try {
      const storage = memoryStorage();
      const clock = handTimers();
      const first = new QueryClient();
      persistQueries(first, session(first), storage, clock);
      first.setQueryData(ME, parentA);
      clock.advance(PERSIST_DELAY_MS);
      deleted.length = 0;

      const same = new QueryClient();
      persistQueries(same, session(same), storage, clock);
      same.setQueryData(ME, parentA);
      await Promise.resolve();
      expect(deleted).toEqual([]);
      same.setQueryData(ME, parentB);
      await Promise.resolve();
      expect(deleted).toEqual([SCREEN_CACHE]);
    } finally {
      if (real) Object.defineProperty(globalThis, "caches", real);
      else Reflect.deleteProperty(globalThis, "caches");
    }
  });

  it("keeps nothing for a role whose app is not offline (admins), nor failed answers, nor week-old data", () => {
    const storage = memoryStorage();
    const clock = handTimers();
    const admin = new QueryClient();
    persistQueries(admin, session(admin), storage, clock);
    admin.setQueryData(ME, { id: "admin", role: "school_admin" });
    admin.setQueryData(DASHBOARD, { ride: rideAt });
    clock.advance(PERSIST_DELAY_MS);
    expect(storage.items.size).toBe(0);

    const parent = new QueryClient();
    persistQueries(parent, session(parent), storage, clock);
    parent.setQueryData(ME, parentA);
    clock.advance(PERSIST_DELAY_MS);
    clock.advance(PERSISTED_MAX_AGE_MS + 1);
    const late = new QueryClient();
    persistQueries(late, session(late), storage, clock);
    expect(late.getQueryData(ME)).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it("survives storage that refuses to work", () => {
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const clock = handTimers();
    const client = new QueryClient();
    persistQueries(client, session(client), throwing, clock);
    client.setQueryData(ME, parentA);
    expect(() => clock.advance(PERSIST_DELAY_MS)).not.toThrow();
    expect(persistQueries(client, session(client), undefined, clock)).toBeTypeOf("function");
  });

  it("logout forgets the stored data and every cache but the built app's (the precache, the catalogs)", async () => {
    const storage = memoryStorage();
    storage.setItem(PERSISTED_DATA_KEY, "{}");
    storage.setItem("schoolride.live-queue.run-1", "[]");
    const names = new Set(["workbox-precache-v2-http://localhost/", CATALOG_CACHE, "api-answers", "runtime"]);
    const cacheStorage = {
      keys: async () => [...names],
      delete: async (name: string) => names.delete(name),
    } as unknown as CacheStorage;
    await forgetStoredData(storage, cacheStorage);
    expect(storage.items.has(PERSISTED_DATA_KEY)).toBe(false);
    expect([...names]).toEqual(["workbox-precache-v2-http://localhost/", CATALOG_CACHE]);
    expect(isAppShellCache("workbox-precache-v2-http://localhost/")).toBe(true);
    expect(isAppShellCache("workbox-runtime")).toBe(false);
    await expect(forgetStoredData(undefined, undefined)).resolves.toBeUndefined();
  });
});

describe("how old the shown data is", () => {
  it("says nothing while fresh and read, its age once old or when a refresh failed, and that the phone is offline", () => {
    const now = Date.UTC(2026, 10, 26, 8);
    const online = { online: true, failed: false };
    const offline = { online: false, failed: false };
    expect(dataAgeNotice(now - 30_000, online, now)).toBeNull();
    expect(dataAgeNotice(now - FRESH_FOR_MS, online, now)).toBe("Updated 2 min ago.");
    expect(dataAgeNotice(now - 30_000, { online: true, failed: true }, now)).toBe(
      "Could not reach SchoolRide. Updated just now.",
    );
    expect(dataAgeNotice(now - 30_000, offline, now)).toBe("You are offline. Updated just now.");
    expect(dataAgeNotice(now - 3 * 3_600_000, offline, now)).toBe("You are offline. Updated 3 h ago.");
    expect(dataAgeNotice(null, offline, now)).toBe("You are offline.");
    expect(dataAgeNotice(null, online, now)).toBeNull();
    expect(formatAge(59 * 60_000)).toBe("59 min ago");
    expect(formatAge(24 * 3_600_000)).toBe("1 day ago");
    expect(formatAge(50 * 3_600_000)).toBe("2 days ago");
  });

  it("is the oldest answer on screen not being read again", () => {
    const client = new QueryClient();
    client.setQueryData(DASHBOARD, { ride: rideAt }, { updatedAt: 1_000 });
    client.setQueryData(ME, parentA, { updatedAt: 5_000 });
    client.setQueryData(["unused"], 1, { updatedAt: 10 });
    const queries = () => client.getQueryCache().getAll();
    // No observer: nothing on screen.
    expect(oldestShownAt(queries())).toBeNull();
    const observers = [DASHBOARD, ME].map(
      (queryKey) => new QueryObserver(client, { queryKey, enabled: false, queryFn: () => null }),
    );
    const stops = observers.map((observer) => observer.subscribe(() => undefined));
    expect(oldestShownAt(queries())).toBe(1_000);
    expect(refreshFailed(queries())).toBe(false);
    // A failed refresh keeps the data on screen, and says so.
    const dashboard = client.getQueryCache().find({ queryKey: DASHBOARD })!;
    dashboard.setState({ status: "error", error: new Error("offline"), fetchStatus: "idle" });
    expect(oldestShownAt(queries())).toBe(1_000);
    expect(refreshFailed(queries())).toBe(true);
    for (const stop of stops) stop();
  });
});

describe("the iOS guide", () => {
  it("is for iPhones and iPads (which say Macintosh but have touch), not other browsers", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1";
    const ipad = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15";
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";
    expect(isIosBrowser(iphone, 5)).toBe(true);
    expect(isIosBrowser(ipad, 5)).toBe(true);
    expect(isIosBrowser(ipad, 0)).toBe(false);
    expect(isIosBrowser(android, 5)).toBe(false);
  });
});
