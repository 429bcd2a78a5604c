import { useTranslation } from "react-i18next";
import { dateFormat, formatNumber } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import type { DayCounts } from "~/composers/analytics/analytics.server";
import { CHART_OUTCOMES, chartGeometry, OUTCOME_COLORS } from "./chart";

const dayLabel = (date: string, language: Language) =>
  dateFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/**
 * Checks per day by outcome: an SVG drawn on the server (so it reads without JavaScript), a legend,
 * and the same numbers as a table for screen readers (the drawing itself is hidden from them).
 */
export function ChecksChart({ days, language }: { days: DayCounts[]; language: Language }) {
  const { t } = useTranslation("protection");
  const rtl = language === "ar";
  const { bars, ticks, max, labelled, phoneLabelled, plot, axisX } = chartGeometry(days, rtl);
  const first = days[0] ? dayLabel(days[0].date, language) : "";
  const last = days.length ? dayLabel(days[days.length - 1]!.date, language) : "";
  const maxDay = Math.max(0, ...bars.map((b) => b.total));
  const n = (value: number) => formatNumber(value, language);
  // Where a point of the drawing is, across the plot (physical: the geometry already mirrors right to left).
  const across = (x: number) => `${((x - plot.x) / plot.width) * 100}%`;

  return (
    <figure className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6" data-testid="checks-chart">
      <figcaption>
        <h3 className="font-display text-lg font-semibold text-ink-900">{t("dashboard.chartTitle")}</h3>
        <p className="mt-1 text-sm text-ink-700">{t("dashboard.chartDescription", { first, last, max: n(maxDay) })}</p>
      </figcaption>
      {/* The plot stretches to the width and keeps its height; its labels are text beside it, so they
          stay 12 px on a phone (drawn inside the SVG they shrank to 5 px at 390 px). */}
      <div className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs tabular-nums text-ink-700" aria-hidden="true">
        {/* The y axis: the gridlines' values, top to bottom, each centred on its line. */}
        <div className="-my-2 flex flex-col justify-between text-end leading-4">
          {[...ticks].reverse().map((tick) => (
            <span key={tick.value}>{n(tick.value)}</span>
          ))}
        </div>
        <div className="relative h-44 sm:h-56">
          <svg
            viewBox={`${plot.x} ${plot.y} ${plot.width} ${plot.height}`}
            preserveAspectRatio="none"
            overflow="visible"
            className="block size-full"
            focusable="false"
            data-testid="checks-chart-svg"
          >
            {ticks.map((tick) => (
              <line key={tick.value} x1={plot.x} x2={plot.x + plot.width} y1={tick.y} y2={tick.y} stroke="#e7ded2" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
            <line x1={axisX} x2={axisX} y1={plot.y} y2={plot.y + plot.height} stroke="#b8a894" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            {bars.map((bar) => (
              <g key={bar.date} data-date={bar.date} data-total={bar.total}>
                <title>{`${dayLabel(bar.date, language)}: ${n(bar.total)}`}</title>
                {bar.segments.map((segment) => (
                  <rect key={segment.outcome} x={bar.x} y={segment.y} width={bar.width} height={Math.max(segment.height, 0.5)} fill={OUTCOME_COLORS[segment.outcome]} data-outcome={segment.outcome} />
                ))}
              </g>
            ))}
          </svg>
          {max === 4 && maxDay === 0 ? <p className="absolute inset-0 grid place-items-center text-sm text-ink-500">{t("dashboard.noChecks")}</p> : null}
        </div>
        {/* The x axis: every fifth day (every tenth on a phone); today's label ends at the plot's end. */}
        <div className="relative col-start-2 mt-1 h-4 leading-4" data-testid="checks-chart-days">
          {bars.map((bar, i) =>
            labelled.has(i) ? (
              <span
                key={bar.date}
                className={`absolute top-0 whitespace-nowrap ${i === bars.length - 1 ? "end-0" : "-translate-x-1/2"} ${phoneLabelled.has(i) ? "" : "max-sm:hidden"}`}
                style={i === bars.length - 1 ? undefined : { left: across(bar.x + bar.width / 2) }}
              >
                {dayLabel(bar.date, language)}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <ChartLegend />
      <ChecksTable days={days} bars={bars} first={first} last={last} language={language} />
    </figure>
  );
}

/** The outcomes' colours (hidden from screen readers, which read the table). */
function ChartLegend() {
  const { t } = useTranslation("protection");
  return (
    <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-700" aria-hidden="true">
      {CHART_OUTCOMES.map((outcome) => (
        <li key={outcome} className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: OUTCOME_COLORS[outcome] }} />
          {t(`outcomes.${outcome}`)}
        </li>
      ))}
    </ul>
  );
}

/** The chart's numbers as a table, for screen readers. */
function ChecksTable({ days, bars, first, last, language }: { days: DayCounts[]; bars: ReturnType<typeof chartGeometry>["bars"]; first: string; last: string; language: Language }) {
  const { t } = useTranslation("protection");
  const n = (value: number) => formatNumber(value, language);
  return (
    // The clipping box is a div: a table is never narrower than its content, so an sr-only table
    // widened the page to 535 px on a phone.
    <div className="sr-only">
      <table data-testid="checks-table">
        <caption>{t("dashboard.tableCaption", { first, last })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("dashboard.date")}</th>
            {CHART_OUTCOMES.map((outcome) => (
              <th key={outcome} scope="col">
                {t(`outcomes.${outcome}`)}
              </th>
            ))}
            <th scope="col">{t("dashboard.total")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day.date}>
              <th scope="row">
                <time dateTime={day.date}>{dayLabel(day.date, language)}</time>
              </th>
              {CHART_OUTCOMES.map((outcome) => (
                <td key={outcome}>{n(day[outcome])}</td>
              ))}
              <td>{n(bars[i]!.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
