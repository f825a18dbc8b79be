import type { DemandEvent, Funnel } from "~/features/demand/funnel";
import { STEPS } from "~/features/demand/funnel";

// The Demand screen's drawings (issue 41): the funnel and its trend per week, drawn on the server with CSS and inline
// SVG (no script, no chart library). Each drawing is a table whose numbers a screen reader reads; the bars are
// decoration beside them (aria-hidden).

const number = new Intl.NumberFormat("en");
const month = new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" });

/** What each step is called on the drawings. */
export const STEP_LABELS: Record<(typeof STEPS)[number], string> = {
  view: "Views",
  request: "Requests",
  quote: "Quotes",
  won: "Won",
};

/** A share as the screen writes it: "67%", "0.8%", "0.04%", "<0.01%", "0%"; "–" when there is nothing to divide by. */
export function shareText(part: number, whole: number): string {
  if (!whole) return "–";
  if (!part) return "0%";
  const rate = (100 * part) / whole;
  if (rate >= 10) return `${Math.round(rate)}%`;
  if (rate >= 1) return `${rate.toFixed(1)}%`;
  // Two requests in 30,000 views are not "0.0%".
  return rate < 0.01 ? "<0.01%" : `${Number(rate.toPrecision(1))}%`;
}

/** A bar's length in percent of the largest (at least a sliver when it is not zero). */
const barPercent = (value: number, max: number) => (max ? Math.max((100 * value) / max, value ? 1 : 0) : 0);

/**
 * The funnel, views → requests → quotes → won: a bar per step (linear, the largest full width) with its number and
 * its share of the step before. A table: a screen reader reads the step, the number and the share.
 */
export function FunnelChart({ funnel }: { funnel: Funnel }) {
  const max = Math.max(...STEPS.map((step) => funnel[step]));
  return (
    <table className="w-full text-sm" data-testid="demand-funnel">
      <caption className="mb-2 text-left text-sm font-medium text-slate-700">
        Funnel: each step and its share of the step before
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Step</th>
          <th scope="col">Count</th>
          <th scope="col">Of the step before</th>
        </tr>
      </thead>
      <tbody>
        {STEPS.map((step, i) => (
          <tr key={step} data-testid={`funnel-${step}`}>
            <th scope="row" className="w-20 py-1 pr-2 text-left font-medium whitespace-nowrap text-slate-700 sm:w-28">
              {STEP_LABELS[step]}
            </th>
            <td className="py-1">
              <div className="flex items-center gap-2">
                <div className="h-6 min-w-0 flex-1" aria-hidden="true">
                  <div
                    className="h-full rounded-sm bg-brand-600"
                    data-bar
                    style={{ width: `${barPercent(funnel[step], max)}%` }}
                  />
                </div>
                <span className="w-16 shrink-0 text-right font-semibold text-brand-900 tabular-nums">
                  {number.format(funnel[step])}
                </span>
              </div>
            </td>
            <td className="w-16 py-1 pl-2 text-right text-muted tabular-nums sm:w-20">
              {i === 0 ? "" : shareText(funnel[step], funnel[STEPS[i - 1]!])}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface WeekFigures {
  from: string;
  to: string;
  funnel: Funnel;
}

const day = (date: string) => Number(date.slice(8, 10));
const monthOf = (date: string) => month.format(new Date(`${date}T00:00:00Z`));

/** "24–30 Nov", "27 Oct – 2 Nov", "27 Nov" (a week of one day); a day and its month never parted by a line break. */
export function weekLabel(from: string, to: string): string {
  const date = (day_: string) => `${day(day_)}\u00a0${monthOf(day_)}`;
  if (from === to) return date(from);
  if (from.slice(0, 7) === to.slice(0, 7)) return `${day(from)}–${date(to)}`;
  return `${date(from)} – ${date(to)}`;
}

/** One step's weeks as bars (inline SVG scaled to the box), each step on its own scale; decoration only. */
function WeekBars({ step, weeks }: { step: DemandEvent; weeks: WeekFigures[] }) {
  const values = weeks.map((week) => week.funnel[step]);
  const max = Math.max(...values);
  const slot = 10;
  return (
    <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-testid={`trend-${step}`}>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="font-semibold text-slate-700">{STEP_LABELS[step as keyof typeof STEP_LABELS]}</span>
        <span className="text-muted tabular-nums">most {number.format(max)}</span>
      </div>
      <svg
        viewBox={`0 0 ${weeks.length * slot} 40`}
        preserveAspectRatio="none"
        className="mt-2 block h-16 w-full text-brand-600"
        focusable="false"
      >
        <line x1="0" y1="39.75" x2={weeks.length * slot} y2="39.75" stroke="#cbd5e1" strokeWidth="0.5" />
        {values.map((value, i) => {
          const height = max ? Math.max((40 * value) / max, value ? 1 : 0) : 0;
          return (
            <rect key={i} x={i * slot + 1.5} y={40 - height} width={slot - 3} height={height} fill="currentColor" />
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-[11px] text-muted">
        <span>{weekLabel(weeks[0]!.from, weeks[0]!.to)}</span>
        {weeks.length > 1 ? <span>{weekLabel(weeks.at(-1)!.from, weeks.at(-1)!.to)}</span> : null}
      </div>
    </div>
  );
}

/**
 * The trend per week: a small bar chart per step (each on its own scale, so that 3 quotes are seen beside 3,000
 * views), then the same numbers in a table, the week's days in its first column.
 */
export function WeeklyTrend({ weeks }: { weeks: WeekFigures[] }) {
  return (
    <div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true" data-testid="demand-trend">
        {STEPS.map((step) => (
          <WeekBars key={step} step={step} weeks={weeks} />
        ))}
      </div>
      <div className="mt-4 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm" data-testid="demand-weeks">
          <caption className="sr-only">Views, requests, quotes and won per week</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 sm:tracking-wide sm:uppercase">
            <tr>
              <th scope="col" className="px-2 py-2 sm:px-3">
                Week
              </th>
              {STEPS.map((step) => (
                <th key={step} scope="col" className="px-2 py-2 text-right sm:px-3">
                  {STEP_LABELS[step]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {weeks.map((week) => (
              <tr key={week.from} data-testid="demand-week">
                {/* A week across two months takes two lines on a phone: the numbers keep their room. */}
                <th scope="row" className="px-2 py-1.5 font-medium sm:px-3 sm:whitespace-nowrap">
                  {weekLabel(week.from, week.to)}
                </th>
                {STEPS.map((step) => (
                  <td
                    key={step}
                    className={`px-2 py-1.5 text-right tabular-nums sm:px-3 ${week.funnel[step] ? "" : "text-slate-400"}`}
                  >
                    {number.format(week.funnel[step])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
