import { useQueryClient } from "@tanstack/react-query";
import { CloudOff, History } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useOnline } from "../lib/online.ts";
import { dataAgeNotice, oldestShownAt, refreshFailed } from "./data-age.ts";

/** How often the notice's "N min ago" moves on. */
const TICK_MS = 30_000;

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
  const notice = dataAgeNotice(shownAt, { online, failed }, now);
  const Icon = online && !failed ? History : CloudOff;
  return (
    <p
      role="status"
      className={
        notice
          ? "mb-3 flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          : "sr-only"
      }
    >
      {notice ? (
        <>
          <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
          {notice}
        </>
      ) : null}
    </p>
  );
}
