/**
 * Fails (exit 1) when a route's initial JS, gzip, is over its budget, or holds code that only ever
 * loads lazily (the map's Leaflet); prints the tables either way. Run right after `vite build` by
 * `npm run test:build`. Sizes of the build output, never timings.
 */
import { resolve } from "node:path";
import { LOCALES } from "#shared/locales.ts";
import {
  bundleRows,
  formatBundleTable,
  formatLanguageTable,
  formatLazyOnlyTable,
  LANGUAGE_BUDGET_KB,
  languageExtraKb,
  lazyOnlyRows,
} from "./bundle-report.ts";

const dist = resolve(process.argv[2] ?? "dist");
const rows = bundleRows(dist);
const lazyOnly = lazyOnlyRows(dist, rows);
console.log(formatBundleTable(rows));
console.log(`\n${formatLazyOnlyTable(lazyOnly)}`);
console.log(`\n${formatLanguageTable(rows)}`);
const over = rows.filter((row) => row.gzipKb > row.budgetKb);
const wordy = rows.filter((row) => LOCALES.some((locale) => languageExtraKb(row, locale) > LANGUAGE_BUDGET_KB));
if (wordy.length > 0)
  console.error(
    `\nA language adding more than ${LANGUAGE_BUDGET_KB} KB to a route: ${wordy.map((row) => `${row.route} (${JSON.stringify(row.catalogKb)})`).join(", ")}`,
  );
const eager = lazyOnly.filter((row) => row.inInitialJsOf.length > 0);
if (over.length > 0)
  console.error(
    `\nBundle budget exceeded: ${over.map((row) => `${row.route} (${row.gzipKb} KB > ${row.budgetKb} KB)`).join(", ")}`,
  );
if (eager.length > 0)
  console.error(
    `\nLazy-only code in a route's initial JS: ${eager.map((row) => `${row.name} in ${row.inInitialJsOf.join(", ")}`).join("; ")}`,
  );
if (over.length > 0 || eager.length > 0 || wordy.length > 0) process.exit(1);
console.log(
  `\nEvery route is within its bundle budget (its English texts included), no language adds more than ${LANGUAGE_BUDGET_KB} KB to it, and the lazy-only code is in none.`,
);
