import { useSyncExternalStore } from "react";

/** Whether the browser says it is online (the `online`/`offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (change) => {
      window.addEventListener("online", change);
      window.addEventListener("offline", change);
      return () => {
        window.removeEventListener("online", change);
        window.removeEventListener("offline", change);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
