import { DECISIONS, MEASURE_LABELS, type Counts, type Measure } from "~/insights/rollup";

/**
 * The geometry of /insights' chart of decisions per day (decisions-chart.tsx draws it as inline
 * SVG on the server): small multiples, one row of bars per kind of decision, each row labelled in
 * words at its start, so nothing depends on colour; one scale for every row.
 */

/** The chart's coordinate system (the SVG's viewBox): it scales to its box's width. */
export const CHART_WIDTH = 800;
const LABEL_WIDTH = 190;
const ROW_HEIGHT = 44;
const BAR_AREA = 32;
const AXIS_HEIGHT = 20;
const RIGHT_PAD = 10;

/** One bar: a day's count of one kind. */
export interface ChartBar {
  day: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One row of the chart: a kind of decision, its label and its bars. */
export interface ChartRow {
  measure: Measure;
  label: string;
  /** The row's total over the period, written after its label. */
  total: number;
  /** The row's baseline (bars grow up from it). */
  baseline: number;
  bars: ChartBar[];
}

/** What the chart draws, with its title and description. */
export interface DecisionsChartView {
  width: number;
  height: number;
  /** The largest day's count of any kind: the height of a full row. */
  max: number;
  rows: ChartRow[];
  /** The first and last days, under the bars. */
  axis: { first: ChartAxisLabel; last: ChartAxisLabel };
  title: string;
  description: string;
}

interface ChartAxisLabel {
  day: string;
  x: number;
  y: number;
}

/** The chart of `days` (oldest first): one row per kind of decision, one bar per day. */
export function decisionsChart(days: readonly { day: string; counts: Counts }[]): DecisionsChartView {
  const slot = (CHART_WIDTH - LABEL_WIDTH - RIGHT_PAD) / Math.max(days.length, 1);
  const gap = slot > 6 ? Math.min(slot * 0.2, 4) : 0.5;
  const max = Math.max(0, ...days.flatMap(({ counts }) => DECISIONS.map((measure) => counts[measure] ?? 0)));
  const rows = DECISIONS.map((measure, index): ChartRow => {
    const baseline = (index + 1) * ROW_HEIGHT;
    const bars = days.map(({ day, counts }, at): ChartBar => {
      const value = counts[measure] ?? 0;
      // A day without any keeps a hairline, so the row still shows every day.
      const height = max === 0 ? 0 : (value / max) * BAR_AREA;
      return {
        day,
        value,
        x: round(LABEL_WIDTH + at * slot + gap / 2),
        y: round(baseline - height),
        width: round(slot - gap),
        height: round(height),
      };
    });
    return {
      measure,
      label: MEASURE_LABELS[measure],
      total: bars.reduce((sum, bar) => sum + bar.value, 0),
      baseline,
      bars,
    };
  });
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const axisY = DECISIONS.length * ROW_HEIGHT + AXIS_HEIGHT - 6;
  const totals = rows.map((row) => `${row.total} ${row.label.toLowerCase()}`).join(", ");
  return {
    width: CHART_WIDTH,
    height: DECISIONS.length * ROW_HEIGHT + AXIS_HEIGHT,
    max,
    rows,
    axis: {
      first: { day: first, x: LABEL_WIDTH, y: axisY },
      last: { day: last, x: CHART_WIDTH - RIGHT_PAD, y: axisY },
    },
    title: `Decisions per day, ${first} to ${last}`,
    description: `One row of bars per kind of decision, one bar per day, all on one scale (the tallest bar is ${max}). Over the period: ${totals}. The table below gives each day's numbers.`,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
