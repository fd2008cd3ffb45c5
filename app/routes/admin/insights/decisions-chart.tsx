import { useId } from "react";

import type { DecisionsChartView } from "~/insights/chart";

/**
 * The chart of decisions per day as inline SVG, drawn on the server (no chart code in the
 * browser): its title and description name what it shows; each row is labelled in words with its
 * total, each bar has its day and count as a tooltip; the table below it holds the same numbers.
 */
export function DecisionsChart({ chart }: { chart: DecisionsChartView }) {
  const id = useId();
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full min-w-[36rem] text-slate-700"
    >
      <title id={`${id}-title`}>{chart.title}</title>
      <desc id={`${id}-desc`}>{chart.description}</desc>
      {chart.rows.map((row) => (
        <g key={row.measure}>
          <text x={0} y={row.baseline - 12} className="fill-current" fontSize={13}>
            {row.label}: {row.total}
          </text>
          <line
            x1={chart.axis.first.x}
            x2={chart.width}
            y1={row.baseline}
            y2={row.baseline}
            className="stroke-slate-400"
          />
          {row.bars.map((bar) =>
            bar.value > 0 ? (
              <rect key={bar.day} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="fill-brand-600">
                <title>{`${bar.day}: ${bar.value} ${row.label.toLowerCase()}`}</title>
              </rect>
            ) : null,
          )}
        </g>
      ))}
      <text x={chart.axis.first.x} y={chart.axis.first.y} fontSize={12} className="fill-current">
        {chart.axis.first.day}
      </text>
      <text x={chart.axis.last.x} y={chart.axis.last.y} fontSize={12} textAnchor="end" className="fill-current">
        {chart.axis.last.day}
      </text>
    </svg>
  );
}
