import "./lib/zod-config.ts";
import { I18nProvider } from "@lingui/react";
import { lazy, StrictMode, Suspense, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { catalogsForPath } from "./i18n/areas.ts";
import { i18n, pageLocale, startLocale } from "./i18n/i18n.ts";
import { captureInstallPrompt } from "./pwa/install.ts";
import { PRERENDERED_ATTRIBUTE } from "./routes/page-meta.ts";
import { discoverAreaRoutes, routes } from "./routes/router.tsx";
import "./styles.css";

// The server's style nonce (Content-Security-Policy), for the dialogs' scroll lock: it inserts a
// <style> element and asks get-nonce, which reads this global, for the nonce to put on it.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (styleNonce) Object.assign(globalThis, { __webpack_nonce__: styleNonce });

// The browser's install offer can come before any component mounts: kept for the shell's button.
captureInstallPrompt();

// Not needed for the first paint: the toast library loads after the page (or with the first toast).
const AppToaster = lazy(() => import("./lib/toaster.tsx"));

/**
 * A page prerendered at build time (scripts/prerender.ts) is hydrated: its route modules are loaded
 * first, so the first client render is the prerendered HTML. Any other URL gets the empty shell
 * (index.html, the SPA fallback) and is rendered from scratch.
 */
async function start() {
  const container = document.getElementById("root")!;
  const locale = pageLocale();
  // The page's catalogs before its first render (they load beside its route's chunks).
  const starting = startLocale(locale, catalogsForPath(window.location.pathname));
  // A page prerendered in another language than the reader's is rendered afresh, not hydrated.
  const prerendered =
    container.getAttribute(PRERENDERED_ATTRIBUTE) === window.location.pathname &&
    document.documentElement.lang === LOCALE_TAGS[locale];
  if (prerendered) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        if (typeof route.lazy !== "function") return;
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      }),
    );
  }
  await starting;
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAreaRoutes })} />
      </I18nProvider>
    </StrictMode>
  );
  // A transition, so React renders in slices of a few milliseconds and yields between them: the
  // main thread stays free for input (and the page's own paint) instead of one long task per root
  // (ADR 0069). Hydration replays a click that comes before it reaches the clicked element.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });

  // The toasts' host once the page has loaded: its chunks would otherwise take connections from the
  // page's own while they still load. A toast raised before shows when it mounts (lib/toast.ts).
  const mountToaster = () => {
    const toasts = document.body.appendChild(document.createElement("div"));
    createRoot(toasts).render(
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>,
    );
  };
  if (document.readyState === "complete") mountToaster();
  else window.addEventListener("load", mountToaster, { once: true });
}

void start();

// The service worker (ADR 0067), from production builds only: after the page's load, once its
// network is quiet (pwa/register.ts, ADR 0088).
if (import.meta.env.PROD) {
  const register = () => void import("./pwa/register.ts").then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
