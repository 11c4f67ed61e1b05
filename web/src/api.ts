/**
 * The web app's one import of server code: the tRPC router's type, erased at build time, so the
 * browser bundle never contains server modules. Everything else shared with the server (schemas,
 * messages, rules) comes from `#shared/*`. Biome's noRestrictedImports enforces both (biome.json).
 */
export type { AppRouter } from "../../worker/trpc/router.ts";
