import { useTranslation } from "react-i18next";
import { dateFormat, formatNumber } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import type { DayCounts } from "~/analytics/analytics.server";
import { CHART, CHART_OUTCOMES, chartGeometry, OUTCOME_COLORS } from "./chart";

const dayLabel = (date: string, language: Language) =>
  dateFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/**
 * Checks per day by outcome: an SVG drawn on the server (so it reads without JavaScript), a legend,
 * and the same numbers as a table for screen readers (the drawing itself is hidden from them).
 */
export function ChecksChart({ days, language }: { days: DayCounts[]; language: Language }) {
  const { t } = useTranslation("protection");
  const rtl = language === "ar";
  const { bars, ticks, max, labelled, plotTop, plotBottom, axisX } = chartGeometry(days, rtl);
  const first = days[0] ? dayLabel(days[0].date, language) : "";
  const last = days.length ? dayLabel(days[days.length - 1]!.date, language) : "";
  const maxDay = Math.max(0, ...bars.map((b) => b.total));
  const n = (value: number) => formatNumber(value, language);

  return (
    <figure className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6" data-testid="checks-chart">
      <figcaption>
        <h3 className="font-display text-lg font-semibold text-ink-900">{t("dashboard.chartTitle")}</h3>
        <p className="mt-1 text-sm text-ink-700">{t("dashboard.chartDescription", { first, last, max: n(maxDay) })}</p>
      </figcaption>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} className="mt-4 h-auto w-full" aria-hidden="true" focusable="false" data-testid="checks-chart-svg">
        {ticks.map((tick) => (
          <g key={tick.value}>
            <line x1={CHART.start} x2={CHART.width - CHART.end} y1={tick.y} y2={tick.y} stroke="#e7ded2" strokeWidth={1} />
            <text
              x={rtl ? CHART.width - 4 : 4}
              y={tick.y + 4}
              fontSize={11}
              fill="#4f4339"
              textAnchor={rtl ? "end" : "start"}
              direction="ltr"
            >
              {n(tick.value)}
            </text>
          </g>
        ))}
        <line x1={axisX} x2={axisX} y1={plotTop} y2={plotBottom} stroke="#b8a894" strokeWidth={1} />
        {bars.map((bar, i) => (
          <g key={bar.date} data-date={bar.date} data-total={bar.total}>
            <title>{`${dayLabel(bar.date, language)}: ${n(bar.total)}`}</title>
            {bar.segments.map((segment) => (
              <rect key={segment.outcome} x={bar.x} y={segment.y} width={bar.width} height={Math.max(segment.height, 0.5)} fill={OUTCOME_COLORS[segment.outcome]} data-outcome={segment.outcome} />
            ))}
            {labelled.has(i) ? (
              <text x={bar.x + bar.width / 2} y={CHART.height - 10} fontSize={11} fill="#4f4339" textAnchor="middle">
                {dayLabel(bar.date, language)}
              </text>
            ) : null}
          </g>
        ))}
        {max === 4 && maxDay === 0 ? (
          <text x={CHART.width / 2} y={(plotTop + plotBottom) / 2} fontSize={14} fill="#6e6157" textAnchor="middle">
            {t("dashboard.noChecks")}
          </text>
        ) : null}
      </svg>
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
