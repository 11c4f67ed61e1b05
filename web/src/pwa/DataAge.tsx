import { t } from "@lingui/core/macro";
import { type QueryCache, useQueryClient } from "@tanstack/react-query";
import { CloudOff, History } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { escapeHtml } from "#shared/html.ts";
import { isScreenPath, SCREEN_AGE_PLACEHOLDER } from "#shared/kept-screens.ts";
import { useOnline } from "../lib/online.ts";
import { dataAgeNotice, FRESH_FOR_MS, oldestShownAt, refreshFailed } from "./data-age.ts";
import { captureScreen, keepScreen, pageStyles } from "./kept-screen.ts";
import { browserStorage } from "./query-persistence.ts";

/** How often the notice's "N min ago" moves on. */
const TICK_MS = 30_000;

/** How long after a page opens, or an answer comes, its screen is kept: once per burst of answers. */
const KEEP_DELAY_MS = 2_000;

const NOTICE_CLASS =
  "mb-3 flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200";

/**
 * The page's screen kept for the next visit (ADR 0089) at the addresses that keep one, only while
 * its data is fresh and read (an old or offline screen never replaces a fresh one): a moment after
 * it opens or an answer comes, and when the phone leaves the app. Only where the kept data is (the
 * user who owns both is checked there, and a change of user drops both).
 */
function useKeptScreen(cache: QueryCache) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isScreenPath(pathname) || !browserStorage()) return;
    let timer: number | undefined;
    const keep = () => {
      window.clearTimeout(timer);
      timer = undefined;
      const shownAt = oldestShownAt(cache.getAll());
      if (shownAt === null || Date.now() - shownAt >= FRESH_FOR_MS || !navigator.onLine) return;
      const html = captureScreen(document, pathname);
      if (!html) return;
      // The notice in the page's language, the worker writing the age (`{age}` in the catalogs).
      const age = SCREEN_AGE_PLACEHOLDER;
      const root = document.documentElement;
      void keepScreen(pathname, {
        html,
        lang: root.lang,
        dir: root.dir === "rtl" ? "rtl" : "ltr",
        styles: pageStyles(document),
        shownAt,
        notice: `<p role="status" class="${NOTICE_CLASS}">${escapeHtml(t`Updated ${age}.`)}</p>`,
      });
    };
    const schedule = () => {
      timer ??= window.setTimeout(keep, KEEP_DELAY_MS);
    };
    schedule();
    const unsubscribe = cache.subscribe((event) => {
      if (event.type === "updated" && event.action.type === "success") schedule();
    });
    const onHide = () => {
      if (document.visibilityState === "hidden") keep();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      unsubscribe();
      document.removeEventListener("visibilitychange", onHide);
      window.clearTimeout(timer);
    };
  }, [cache, pathname]);
}

/**
 * Above the page: how old the data on screen is when it is not fresh, and that the phone is
 * offline or the server out of reach (ADR 0067). Nothing while the page shows what it just read.
 */
export function DataAge() {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const online = useOnline();
  const shownAt = useSyncExternalStore(
    (change) => cache.subscribe(change),
    () => oldestShownAt(cache.getAll()),
    () => null,
  );
  const failed = useSyncExternalStore(
    (change) => cache.subscribe(change),
    () => refreshFailed(cache.getAll()),
    () => false,
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [shownAt, online, failed]);
  useKeptScreen(cache);
  const notice = dataAgeNotice(shownAt, { online, failed }, now);
  const Icon = online && !failed ? History : CloudOff;
  return (
    <p role="status" className={notice ? NOTICE_CLASS : "sr-only"} data-data-age="">
      {notice ? (
        <>
          <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
          {notice}
        </>
      ) : null}
    </p>
  );
}
