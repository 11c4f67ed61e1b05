import { t } from "@lingui/core/macro";
import { Workbox } from "workbox-window";
import { isCatalogChunk, KEEP_CATALOGS } from "#shared/catalog-chunks.ts";
import { SERVICE_WORKER_PATH } from "#shared/service-worker.ts";

/** How often an open app asks for a new deployment (also whenever it comes back to the foreground). */
const UPDATE_CHECK_MS = 60 * 60_000;
export const UPDATE_TOAST_ID = "update-available";

/**
 * Registers the service worker (web/src/sw/sw.ts, ADR 0067) once the page has loaded, so its
 * precaching never competes with the first paint. A new deployment's worker waits beside the
 * running one; the page says "Update available" with a Reload button (never a silently stale app,
 * never a reload the user did not ask for): Reload lets the new worker take over, then reloads.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
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
