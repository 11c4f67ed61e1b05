import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates a prerendered page, true after (and at once when the
 * page was not prerendered). A prerendered form stays disabled until then, so nothing typed or
 * clicked before the JavaScript runs is lost or submitted natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
