/**
 * Orders by hour as a bar chart, drawn by uPlot on a canvas. The canvas is a picture to screen
 * readers (its summary as its name); the same numbers are in the table beside it.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { SalesReport } from "../../../contract/schemas";

const HEIGHT = 260;
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** One sentence for the chart's accessible name: the busiest hour, or that there were no orders. */
export function chartSummary(byHour: SalesReport["by_hour"]): string {
  const busiest = byHour.reduce((best, hour) => (hour.orders > best.orders ? hour : best), byHour[0]!);
  if (!busiest || busiest.orders === 0) return "Orders by hour: no orders.";
  return `Orders by hour: busiest ${hourLabel(busiest.hour)} to ${hourLabel((busiest.hour + 1) % 24)} with ${busiest.orders} ${busiest.orders === 1 ? "order" : "orders"}.`;
}

export function SalesChart({ byHour }: { byHour: SalesReport["by_hour"] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const text = cssColor("--color-text", "#f5f5f5");
    const accent = cssColor("--color-accent", "#f2b705");
    const axis = { stroke: text, grid: { stroke: "#3a3a3a", width: 1 }, ticks: { stroke: "#3a3a3a", width: 1 } };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, 23.5] }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
        axes: [
          {
            ...axis,
            incrs: [1, 2, 3, 6],
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) && v >= 0 && v < 24 ? hourLabel(v) : "")),
          },
          { ...axis, incrs: [1, 2, 5, 10, 20, 50, 100], values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : "")) },
        ],
        series: [
          {},
          {
            label: "Orders",
            fill: accent,
            stroke: accent,
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.7, 48] }),
            points: { show: false },
          },
        ],
      },
      [byHour.map((h) => h.hour), byHour.map((h) => h.orders)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [byHour]);

  return <div ref={box} className="sales-chart" role="img" aria-label={chartSummary(byHour)} />;
}
