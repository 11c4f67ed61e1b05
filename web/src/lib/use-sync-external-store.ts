/**
 * `use-sync-external-store/shim` in a build (vite.config.ts): React 19's own hook, not the shim for
 * React 16/17 that @lingui/react imports.
 */
export { useSyncExternalStore } from "react";
