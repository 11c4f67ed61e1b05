/** What the page, the service worker (web/src/sw/sw.ts) and the server share about it (ADR 0067). */

/**
 * The roles whose app works from the phone: their area's home shell (`/parent`, `/driver`) is
 * precached and serves every navigation inside the area, and their last data is kept per user.
 */
export const OFFLINE_ROLES = ["parent", "driver"] as const;
export type OfflineRole = (typeof OFFLINE_ROLES)[number];

export function isOfflineRole(role: string): role is OfflineRole {
  return (OFFLINE_ROLES as readonly string[]).includes(role);
}

/** The message workbox-window's `messageSkipWaiting()` sends: the waiting worker takes over. */
export const SKIP_WAITING = "SKIP_WAITING";

/** The service worker's address: scope `/` (`Service-Worker-Allowed: /`), never cached by HTTP. */
export const SERVICE_WORKER_PATH = "/sw.js";

/**
 * The service worker's cache of the language catalogs' chunks a reader has loaded (ADR 0083; what
 * goes in it: #shared/catalog-chunks.ts): the built app, nobody's data, kept at logout.
 */
export const CATALOG_CACHE = "schoolride-catalogs";
