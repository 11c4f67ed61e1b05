import { t } from "@lingui/core/macro";
import { Workbox } from "workbox-window";
import { isCatalogChunk, KEEP_CATALOGS } from "#shared/catalog-chunks.ts";
import { SERVICE_WORKER_PATH } from "#shared/service-worker.ts";

/** How often an open app asks for a new deployment (also whenever it comes back to the foreground). */
const UPDATE_CHECK_MS = 60 * 60_000;
export const UPDATE_TOAST_ID = "update-available";

/** How long no file of the page's may have finished loading before the worker is registered (ADR 0088). */
export const NETWORK_QUIET_MS = 1_000;
/** The longest the registration waits for that quiet (a page that polls is never quiet for long). */
export const NETWORK_QUIET_MAX_MS = 10_000;

/**
 * Calls `then` once, when the page's network has been quiet for `NETWORK_QUIET_MS` (no resource
 * finished loading in that time: PerformanceObserver's `resource` entries), or after
 * `NETWORK_QUIET_MAX_MS` at the latest. `observe` starts watching and returns how to stop.
 */
export function afterNetworkQuiet(
  then: () => void,
  observe: (onResource: () => void) => () => void = observeResources,
): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    clearTimeout(deadline);
    stop();
    then();
  };
  let quiet = setTimeout(finish, NETWORK_QUIET_MS);
  const deadline = setTimeout(finish, NETWORK_QUIET_MAX_MS);
  const stop = observe(() => {
    clearTimeout(quiet);
    quiet = setTimeout(finish, NETWORK_QUIET_MS);
  });
}

function observeResources(onResource: () => void): () => void {
  if (typeof PerformanceObserver === "undefined") return () => undefined;
  const observer = new PerformanceObserver(onResource);
  observer.observe({ type: "resource" });
  return () => observer.disconnect();
}

/**
 * Registers the service worker (web/src/sw/sw.ts, ADR 0067) once the page has loaded and its
 * network has then been quiet for a second (ADR 0088): the load event comes before the app has
 * rendered (its chunks are preloaded), and the worker's precaching, a few hundred KB, took the weak
 * signal and the CPU from the page's last files and its first render (the dashboard ~0.4 s later on
 * Slow 4G). A new deployment's worker waits beside the running one; the page says "Update
 * available" with a Reload button (never a silently stale app, never a reload the user did not ask
 * for): Reload lets the new worker take over, then reloads.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  afterNetworkQuiet(startServiceWorker);
}

function startServiceWorker(): void {
  const workbox = new Workbox(SERVICE_WORKER_PATH);
  workbox.addEventListener("waiting", () => {
    void offerReload(() => {
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener("controllerchange", handCatalogsToWorker, { once: true });
  void workbox.register().catch(() => undefined);
  window.setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void workbox.update().catch(() => undefined);
  });
}

/**
 * The first visit's catalogs came from the network, past the worker, which did not control the page
 * yet: once it does, it is told their addresses and keeps them as well (ADR 0083), so the reader's
 * language works offline from the first visit.
 */
function handCatalogsToWorker(): void {
  const urls = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => isCatalogChunk(new URL(url).pathname));
  navigator.serviceWorker.controller?.postMessage({ type: KEEP_CATALOGS, urls });
}

async function offerReload(reload: () => void) {
  const { toast } = await import("sonner");
  toast.info(t`Update available`, {
    id: UPDATE_TOAST_ID,
    description: t`A new version of SchoolRide is ready.`,
    duration: Number.POSITIVE_INFINITY,
    action: { label: t`Reload`, onClick: reload },
  });
}
