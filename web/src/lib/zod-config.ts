/**
 * Imported first by main.tsx, before any module builds a zod schema: zod probes `new Function` when a
 * schema is built or parsed unless it runs jitless, and the CSP's script-src refuses (and reports) it.
 * Set through the global zod reads its configuration from when it loads, so the entry does not
 * import zod itself: the schemas (and zod) load with the forms that use them.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
