import { csvDocument } from "#shared/csv.ts";
import type { PlatformMetrics } from "../../../features/metrics/hooks.ts";
import type { MetricsTable } from "./metrics-tables.ts";

// A table's CSV export: loaded when a CSV button is pressed, not with the page.

/** A table as a CSV document. */
export function metricsCsv(table: MetricsTable): string {
  return csvDocument(table.header, table.rows);
}

/** The CSV file's name: what it holds and its range. */
export function metricsCsvName(table: MetricsTable, data: Pick<PlatformMetrics, "from" | "to">): string {
  return `platform-${table.file}-${data.from}-to-${data.to}.csv`;
}
