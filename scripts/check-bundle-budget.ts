/**
 * Fails (exit 1) when a route's initial JS, gzip, is over its budget; prints the table either way.
 * Run right after `vite build` by `npm run test:build`. Sizes of the build output, never timings.
 */
import { resolve } from "node:path";
import { bundleRows, formatBundleTable } from "./bundle-report.ts";

const rows = bundleRows(resolve(process.argv[2] ?? "dist"));
console.log(formatBundleTable(rows));
const over = rows.filter((row) => row.gzipKb > row.budgetKb);
if (over.length > 0) {
  console.error(
    `\nBundle budget exceeded: ${over.map((row) => `${row.route} (${row.gzipKb} KB > ${row.budgetKb} KB)`).join(", ")}`,
  );
  process.exit(1);
}
console.log("\nEvery route is within its bundle budget.");
