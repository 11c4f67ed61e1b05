import type { Query } from "@tanstack/react-query";

/** Data younger than this needs no notice: it is what the page just read. */
export const FRESH_FOR_MS = 2 * 60_000;

/** "just now", "5 min ago", "3 h ago", "2 days ago": how old the shown data is. */
export function formatAge(ageMs: number): string {
  const minutes = Math.floor(Math.max(0, ageMs) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/**
 * The time of the oldest answer the page shows that is not being read again now: the queries with
 * data and a mounted observer, not fetching. Null when there is none.
 */
export function oldestShownAt(queries: readonly Query[]): number | null {
  let oldest: number | null = null;
  for (const query of queries) {
    if (query.getObserversCount() === 0 || query.state.status !== "success") continue;
    if (query.state.fetchStatus === "fetching") continue;
    const at = query.state.dataUpdatedAt;
    if (at > 0 && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

/**
 * What the notice says: nothing while the data is fresh and the browser online; offline, that the
 * page shows what it last read, and when; online with old data (the refresh failed), its age.
 */
export function dataAgeNotice(shownAt: number | null, online: boolean, now: number): string | null {
  if (shownAt === null) return online ? null : "You are offline.";
  const age = now - shownAt;
  if (online) return age < FRESH_FOR_MS ? null : `Updated ${formatAge(age)}.`;
  return `You are offline. Updated ${formatAge(age)}.`;
}
