import { Trans, useLingui } from "@lingui/react/macro";
import { Component, lazy, type ReactNode, Suspense, useId } from "react";
import { type ChartProps, defaultFormat, seriesStyle } from "./types.ts";

export type { ChartProps, ChartSeries } from "./types.ts";

/** uPlot and its stylesheet: one chunk that no page's initial JS includes (ADR 0070; scripts/check-bundle-budget.ts). */
const UplotChart = lazy(() => import("./uplot-chart.tsx").then((module) => ({ default: module.UplotChart })));

/**
 * A chart as a figure: its caption and a summary in words, the picture (drawn by uPlot once its chunk
 * arrives; hidden from screen readers, which get the summary and the table), a legend when there is
 * more than one series, and the same figures as a table one click away. With no labels it says so and
 * draws nothing. The plot keeps its height while loading, and a chunk that never arrives leaves a
 * note, never a broken page.
 */
export function Chart(props: ChartProps) {
  const { title, summary, labels, series, height = 220 } = props;
  const titleId = useId();
  const empty = labels.length === 0;
  return (
    <figure aria-labelledby={titleId} className="chart min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <figcaption>
        <span id={titleId} className="block font-semibold text-ink">
          {title}
        </span>
        <span className="mt-1 block text-sm text-slate-600">{summary}</span>
      </figcaption>
      {empty ? (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>No figures for this period.</Trans>
        </p>
      ) : (
        <>
          {series.length > 1 && <Legend labels={series.map((one) => one.label)} />}
          <div aria-hidden="true" className="chart-plot mt-3 w-full overflow-hidden" style={{ minHeight: height }}>
            <ChartErrorBoundary>
              <Suspense
                fallback={
                  <ChartNote>
                    <Trans>Loading the chart…</Trans>
                  </ChartNote>
                }
              >
                <UplotChart {...props} />
              </Suspense>
            </ChartErrorBoundary>
          </div>
          <details className="chart-data mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">
              <Trans>Show the figures as a table</Trans>
            </summary>
            <ChartTable {...props} />
          </details>
        </>
      )}
    </figure>
  );
}

function Legend({ labels }: { labels: readonly string[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {labels.map((label, index) => {
        const style = seriesStyle(index);
        return (
          <li key={label} className="flex items-center gap-2">
            <svg width="24" height="8" aria-hidden="true" focusable="false">
              <line
                x1="0"
                y1="4"
                x2="24"
                y2="4"
                stroke={style.color}
                strokeWidth="3"
                strokeDasharray={style.dash.join(" ")}
              />
            </svg>
            {label}
          </li>
        );
      })}
    </ul>
  );
}

/** The chart's figures as a table: a row per label, a column per series. */
function ChartTable({ title, labels, series, format = defaultFormat, labelHeader }: ChartProps) {
  const { t } = useLingui();
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pe-3 font-semibold">
              {labelHeader ?? t`Label`}
            </th>
            {series.map((one) => (
              <th key={one.label} scope="col" className="py-1 pe-3 text-end font-semibold">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, row) => (
            <tr key={label} className="border-b border-slate-100">
              <th scope="row" className="py-1 pe-3 font-normal text-slate-700">
                {label}
              </th>
              {series.map((one) => {
                const value = one.values[row];
                return (
                  <td key={one.label} className="py-1 pe-3 text-end text-slate-700 tabular-nums">
                    {value === null || value === undefined ? "—" : format(value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChartNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

/** A chart that cannot load (a dropped connection) or draw leaves a note; the summary and table still stand. */
class ChartErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <ChartNote>
        <Trans>The chart could not be shown; its figures are in the table below.</Trans>
      </ChartNote>
    ) : (
      this.props.children
    );
  }
}
