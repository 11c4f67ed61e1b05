import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import superjson from "superjson";
import { CATALOG_CACHE } from "#shared/service-worker.ts";
import { forgetScreens } from "./kept-screen.ts";

/**
 * Each signed-in user's last data, kept in the browser's storage (ADR 0067), so a returning parent
 * or driver sees their dashboard at once (and offline), with its age, while it is read again.
 *
 * One entry, the last signed-in user's: their queries as the server last answered them (superjson,
 * so dates stay dates) with the user's id. It is restored before the first render, session
 * included, and dropped the moment the server's session says anyone else (signed out, or another
 * user): their queries leave the cache too, so no page ever shows one user's data to the next, and
 * so do the screens kept with them (ADR 0089). Logout drops both as well (`forgetStoredData`). The
 * service worker caches no API response at all.
 */
export const PERSISTED_DATA_KEY = "schoolride.data";
/** Data older than this is not shown, even offline: a week-old dashboard would mislead more than help. */
export const PERSISTED_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Writes wait this long after the last change, so a page's burst of answers costs one write. */
export const PERSIST_DELAY_MS = 1_000;
/** A larger cache is not kept (storage is a few MB and shared with the driver's outbox). */
const MAX_PERSISTED_CHARS = 1_000_000;

/** A query as kept: its key, its data and when the server answered. */
type SavedQuery = { key: QueryKey; data: unknown; at: number };
type Saved = { userId: string; savedAt: number; queries: SavedQuery[] };
type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;
type Timers = { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(timer: unknown): void };

/** The session query's key hash, and how to read a user's id from its data. */
export type SessionQuery = { hash: string; userId(data: unknown): string | null };

/** The page's localStorage, or undefined where the browser refuses it (some private modes throw). */
export function browserStorage(): StorageLike | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function read(storage: StorageLike, now: number): Saved | null {
  try {
    const raw = storage.getItem(PERSISTED_DATA_KEY);
    if (!raw) return null;
    const saved = superjson.parse<Saved>(raw);
    if (
      typeof saved?.userId !== "string" ||
      !Array.isArray(saved.queries) ||
      !(now - saved.savedAt <= PERSISTED_MAX_AGE_MS)
    ) {
      storage.removeItem(PERSISTED_DATA_KEY);
      return null;
    }
    return saved;
  } catch {
    return null;
  }
}

function remove(storage: StorageLike) {
  try {
    storage.removeItem(PERSISTED_DATA_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}

/** Only answers: a query that failed or is still loading is not worth keeping. */
const shouldKeep = (query: Query) => query.state.status === "success" && query.meta?.persist !== false;

/**
 * Restores the last user's data into `client` (synchronously, before the first render) and keeps
 * it up to date as answers come; returns the function that stops it. `session` names the query
 * whose answer decides whose data it is.
 */
export function persistQueries(
  client: QueryClient,
  session: SessionQuery,
  storage: StorageLike | undefined,
  // Arrows: the browser's timers refuse to be called as another object's methods.
  clock: Timers & { now(): number } = {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (timer) => globalThis.clearTimeout(timer as number),
    now: () => Date.now(),
  },
): () => void {
  if (!storage) return () => undefined;
  const saved = read(storage, clock.now());
  // (The query library's own hydrate/dehydrate also carry promises and errors: ~1 KB more in every page.)
  for (const { key, data, at } of saved?.queries ?? []) {
    client.setQueryData(key, data, { updatedAt: at });
    // Shown at once, with its age, but never taken as fresh: the page that mounts it asks the server
    // again (a reload within the queries' 30 s of freshness would otherwise show the kept answer only).
    void client.invalidateQueries({ queryKey: key, exact: true, refetchType: "none" });
  }
  /** Whose data the cache holds: the restored user's until the server says otherwise. */
  let owner: string | null = saved?.userId ?? null;
  let timer: unknown = null;

  const write = () => {
    timer = null;
    if (!owner) return;
    const queries = client
      .getQueryCache()
      .getAll()
      .filter(shouldKeep)
      .map((query): SavedQuery => ({ key: query.queryKey, data: query.state.data, at: query.state.dataUpdatedAt }));
    try {
      const raw = superjson.stringify({ userId: owner, savedAt: clock.now(), queries } satisfies Saved);
      if (raw.length > MAX_PERSISTED_CHARS) storage.removeItem(PERSISTED_DATA_KEY);
      else storage.setItem(PERSISTED_DATA_KEY, raw);
    } catch {
      // Quota or private mode: the next visit loads its data from the server, as before.
    }
  };
  const schedule = () => {
    if (timer === null) timer = clock.setTimeout(write, PERSIST_DELAY_MS);
  };
  const flush = () => {
    if (timer === null) return;
    clock.clearTimeout(timer);
    write();
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    if (event.query.queryHash === session.hash) {
      const user = session.userId(event.query.state.data);
      if (user !== owner) {
        const previous = owner;
        owner = user;
        if (timer !== null) clock.clearTimeout(timer);
        timer = null;
        remove(storage);
        void forgetScreens();
        // Someone else now (or no one): the previous user's answers leave the cache with their storage.
        if (previous) client.removeQueries({ predicate: (query) => query.queryHash !== session.hash });
      }
    }
    if (owner) schedule();
  });
  const onHide = () => flush();
  globalThis.addEventListener?.("pagehide", onHide);
  return () => {
    unsubscribe();
    globalThis.removeEventListener?.("pagehide", onHide);
    if (timer !== null) clock.clearTimeout(timer);
  };
}

/**
 * Logout: the stored data goes, and every Cache Storage cache that could hold a response for a
 * user (all but the service worker's caches of the built app, which hold none). The service
 * worker caches no API response, so this is a second line, for caches a future version might add.
 */
export async function forgetStoredData(
  storage: StorageLike | undefined = browserStorage(),
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  if (storage) remove(storage);
  if (!cacheStorage) return;
  try {
    const names = await cacheStorage.keys();
    await Promise.all(names.filter((name) => !isAppShellCache(name)).map((name) => cacheStorage.delete(name)));
  } catch {
    // Cache Storage refused (an insecure origin): there is nothing in it.
  }
}

/**
 * The caches of built files, no one's data: Workbox's precache (`workbox-precache-v2-<scope>`) and
 * the language catalogs the worker keeps (`CATALOG_CACHE`, ADR 0083).
 */
export function isAppShellCache(name: string): boolean {
  return name.startsWith("workbox-precache-") || name === CATALOG_CACHE;
}
