import "uplot/dist/uPlot.min.css";
import { useEffect, useRef } from "react";
import uPlot, { type AlignedData, type Options } from "uplot";
import { type ChartProps, defaultFormat, seriesStyle } from "./types.ts";

/**
 * The canvas of a chart, drawn by uPlot. Only ever imported lazily (Chart.tsx): uPlot is ~20 KB gzip
 * that only the pages with a chart load (ADR 0070). The figure around it carries the caption, the
 * summary and the data table; the canvas is hidden from assistive technology.
 */
export function UplotChart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  /** The latest props: the chart is drawn again when its figures change, not when a caller's arrays are new copies. */
  const latest = useRef(props);
  latest.current = props;
  const figures = JSON.stringify([props.kind, props.labels, props.series, props.height]);
  useEffect(() => {
    void figures;
    const { kind, labels, series, format = defaultFormat, height = 220 } = latest.current;
    const element = box.current;
    if (!element) return;
    const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    const data: AlignedData = [labels.map((_, index) => index), ...series.map((one) => [...one.values])];
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const wholeNumbers = series.every((one) => one.values.every((value) => value === null || Number.isInteger(value)));
    const options: Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      legend: { show: false },
      // A crosshair that follows the pointer is motion: none when the reader asked for less.
      cursor: { show: !reducedMotion, drag: { x: false, y: false } },
      scales: { x: { time: false, distr: 2 }, y: { range: (_u, min, max) => yRange(min, max) } },
      axes: [
        {
          stroke: "#334155",
          font: "12px system-ui, sans-serif",
          grid: { show: false },
          space: 56,
          values: (_u, splits) => splits.map((split) => labels[split] ?? ""),
        },
        {
          stroke: "#334155",
          font: "12px system-ui, sans-serif",
          grid: { stroke: "#e2e8f0" },
          size: (_u, values) => axisWidth(values),
          // Counts get whole-number ticks (no "0.75 riders"); other figures uPlot's own steps.
          ...(wholeNumbers ? { incrs: WHOLE_STEPS } : {}),
          values: (_u, splits) => splits.map((split) => format(split)),
        },
      ],
      series: [
        {},
        ...series.map((one, index) => {
          const style = seriesStyle(index);
          return kind === "bar"
            ? {
                label: one.label,
                stroke: style.color,
                fill: `${style.color}cc`,
                width: 0,
                paths: bars,
                points: { show: false },
              }
            : {
                label: one.label,
                stroke: style.color,
                width: 2,
                dash: style.dash,
                spanGaps: false,
                points: { size: 5 },
              };
        }),
      ],
    };
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [figures]);
  return <div ref={box} className="w-full" style={{ minHeight: props.height ?? 220 }} />;
}

/** The y axis from 0 (counts and rates start there) to a little above the largest value. */
function yRange(min: number | null, max: number | null): [number, number] {
  const top = Math.max(max ?? 0, 0);
  const bottom = Math.min(min ?? 0, 0);
  return [bottom, top === bottom ? bottom + 1 : top * 1.08];
}

/** Whole-number tick steps: 1, 2, 5, 10, 20, 50… */
const WHOLE_STEPS = Array.from({ length: 24 }, (_, index) => [1, 2, 5][index % 3]! * 10 ** Math.floor(index / 3));

/** Room for the widest y label at 12 px (up to 8 px a character), plus the ticks and their gap. */
function axisWidth(values: string[] | null): number {
  const longest = Math.max(0, ...(values ?? []).map((value) => value.length));
  return Math.max(40, longest * 8 + 24);
}
