import { i18n } from "@lingui/core";

/** One line or bar series of a {@link ChartProps chart}: a value per label (null: no value there). */
export type ChartSeries = { label: string; values: readonly (number | null)[] };

/**
 * A chart of categories along the x axis (days, routes, stops, months) and numbers up the y axis.
 * `bar`: one series, a bar per label. `line`: one or more series, a line each (told apart by colour
 * and by dash, never colour alone).
 */
export type ChartProps = {
  /** The figure's caption (visible). */
  title: string;
  /** One or two sentences saying what the chart shows, in words (visible under the title): the reading for those who cannot see the chart. */
  summary: string;
  /** The x axis's categories, in order. */
  labels: readonly string[];
  /** Formats a value for the y axis and the data table (default: a plain number). */
  format?: (value: number) => string;
  /** The data table's heading of the label column (default "Label"). */
  labelHeader?: string;
  /** The plot's height in CSS pixels (default 220). */
  height?: number;
} & ({ kind: "bar"; series: readonly [ChartSeries] } | { kind: "line"; series: readonly ChartSeries[] });

/** Colours of the series in order (contrast ≥ 3:1 on white), and their dashes: a series is never told by colour alone. */
export const SERIES_STYLES: readonly { color: string; dash: number[] }[] = [
  { color: "#1d4ed8", dash: [] },
  { color: "#b45309", dash: [6, 4] },
  { color: "#047857", dash: [2, 3] },
  { color: "#be123c", dash: [10, 3, 2, 3] },
  { color: "#6d28d9", dash: [1, 5] },
];

export function seriesStyle(index: number) {
  return SERIES_STYLES[index % SERIES_STYLES.length] as { color: string; dash: number[] };
}

/** A plain number, written the reader's way (the active language's). */
export const defaultFormat = (value: number) => i18n.number(value);
