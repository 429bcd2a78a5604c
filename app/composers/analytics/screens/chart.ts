import type { DayCounts } from "~/composers/analytics/analytics.server";
import { SCAN_OUTCOMES } from "~/platform/codes/outcomes";

/**
 * The geometry of the checks-per-day chart, computed once on the server (pure): one stacked bar per
 * day, y gridlines at round numbers, and the days to label. Right to left mirrors the time axis.
 * Units are the drawing's own; the page stretches the plot to its width (ChecksChart).
 */

/** The dashboard shows this many days, today included. */
export const DASHBOARD_DAYS = 30;

export const CHART_OUTCOMES = SCAN_OUTCOMES;
export type ChartOutcome = (typeof CHART_OUTCOMES)[number];

/** Distinct hues with at least 3:1 contrast on white (WCAG non-text contrast). */
export const OUTCOME_COLORS: Record<ChartOutcome, string> = {
  valid: "#2f7d55",
  recalled: "#a16207",
  used: "#c2410c",
  replayed: "#be185d",
  wrong_pin: "#0e7490",
  bad_mac: "#4338ca",
  unknown: "#b91c1c",
  expired: "#6b7280",
  revoked: "#7c3aed",
};

const CHART = { width: 720, height: 260, start: 44, end: 24, top: 12, bottom: 30 } as const;

/** The smallest 1, 2, 2.5 (from 25 up, so it stays whole) or 5 × 10ⁿ at or above `value`. */
function niceStep(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of power >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** The top of the y axis: four gridline steps of a round whole number, at least 4. */
export function niceMax(value: number): number {
  return 4 * niceStep(Math.max(1, Math.ceil(value / 4)));
}

export type Segment = { outcome: ChartOutcome; y: number; height: number; value: number };
export type Bar = { date: string; x: number; width: number; total: number; segments: Segment[] };

export function chartGeometry(days: readonly Pick<DayCounts, "date" | ChartOutcome>[], rtl: boolean) {
  const plotWidth = CHART.width - CHART.start - CHART.end;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const totals = days.map((d) => CHART_OUTCOMES.reduce((sum, o) => sum + d[o], 0));
  const max = niceMax(Math.max(0, ...totals));
  const band = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, band * 0.68);
  const scale = (n: number) => (n / max) * plotHeight;
  const bars: Bar[] = days.map((day, i) => {
    const startX = CHART.start + i * band + (band - barWidth) / 2;
    const x = rtl ? CHART.width - startX - barWidth : startX;
    let base = CHART.top + plotHeight;
    const segments: Segment[] = [];
    for (const outcome of CHART_OUTCOMES) {
      const height = scale(day[outcome]);
      if (day[outcome] > 0) segments.push({ outcome, y: base - height, height, value: day[outcome] });
      base -= height;
    }
    return { date: day.date, x, width: barWidth, total: totals[i]!, segments };
  });
  const ticks = [0, 1, 2, 3, 4].map((k) => ({ value: (max / 4) * k, y: CHART.top + plotHeight - (plotHeight / 4) * k }));
  // A label every fifth day (every tenth on a phone, where they are as large but the chart is narrower),
  // counted back from today, so the last day is always labelled.
  const every = (n: number) => new Set(days.map((_, i) => i).filter((i) => (days.length - 1 - i) % n === 0));
  // The plotting area (the drawing's viewBox; the axes' labels are text beside it, not in it).
  const plot = { x: rtl ? CHART.end : CHART.start, y: CHART.top, width: plotWidth, height: plotHeight };
  return { bars, ticks, max, labelled: every(5), phoneLabelled: every(10), plot, axisX: rtl ? CHART.width - CHART.start : CHART.start };
}
