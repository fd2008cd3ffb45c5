import type { Route } from "./+types/insights";
import { DecisionsChart } from "./decisions-chart";
import { FiguresTable, type FiguresColumn } from "./figures-table";
import { loadInsights } from "./insights.server";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Link } from "~/components/ui/link";
import { PageHeader } from "~/components/ui/page-header";
import { auditHref } from "~/insights/audit-links";
import { decisionsChart } from "~/insights/chart";
import { DECISIONS, MEASURE_LABELS, MEASURES, PERIODS, type Counts, type Measure } from "~/insights/rollup";
import { requireCapability } from "~/session/user.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "read-audit");
  return loadInsights(request);
}

export const meta: Route.MetaFunction = () => [{ title: "Insights · Admin Dashboard" }];

/**
 * Insights (docs/product.md#insights): the team's decisions per day as a chart and a table, and
 * each admin's decisions, skips and take-overs, over 7, 30 or 90 days (`?days=`); every figure is
 * a link to the /audit query that lists what it counts.
 */
export default function Insights({ loaderData }: Route.ComponentProps) {
  const { days, periodError, error, timeZone, perDay, perAdmin } = loaderData;
  const from = perDay[0]?.day ?? "";
  const to = perDay.at(-1)?.day ?? "";

  const figure = (
    measure: Measure,
    counts: Counts,
    range: { from: string; to: string; admin?: string },
    what: string,
  ) => {
    const value = counts[measure] ?? 0;
    return (
      <Link
        to={auditHref(measure, range)}
        aria-label={`${value} ${MEASURE_LABELS[measure].toLowerCase()} ${what}`}
        className="font-medium text-brand-700 tabular-nums hover:text-brand-800"
      >
        {value}
      </Link>
    );
  };

  const dayColumns: FiguresColumn<(typeof perDay)[number]>[] = [
    { id: "day", header: "Day", className: "whitespace-nowrap", cell: ({ day }) => <time dateTime={day}>{day}</time> },
    ...DECISIONS.map((measure): FiguresColumn<(typeof perDay)[number]> => ({
      id: measure,
      header: MEASURE_LABELS[measure],
      cell: ({ day, counts }) => figure(measure, counts, { from: day, to: day }, `on ${day}`),
    })),
  ];
  const adminColumns: FiguresColumn<(typeof perAdmin)[number]>[] = [
    { id: "admin", header: "Admin", className: "min-w-48 wrap-anywhere", cell: ({ admin }) => admin },
    ...MEASURES.map((measure): FiguresColumn<(typeof perAdmin)[number]> => ({
      id: measure,
      header: MEASURE_LABELS[measure],
      cell: ({ admin, counts }) => figure(measure, counts, { from, to, admin }, `by ${admin}, ${from} to ${to}`),
    })),
  ];

  return (
    <div className="space-y-6">
      <PageHeader title="Insights" subtitle={`The team's decisions, by day in ${timeZone} and by admin.`} />

      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2">
          {PERIODS.map((period) => (
            <li key={period}>
              <Link
                to={`/insights?days=${period}`}
                aria-current={period === days && !periodError ? "page" : undefined}
                className={buttonClass(period === days && !periodError ? "primary" : "secondary", "sm")}
              >
                Last {period} days
              </Link>
            </li>
          ))}
        </ul>
        {periodError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {periodError} Showing the last {days} days.
          </p>
        ) : null}
      </nav>

      {error ? (
        <EmptyState card tone="error" title={error} />
      ) : (
        <>
          <section aria-labelledby="insights-per-day" className="space-y-3">
            <h2 id="insights-per-day" className="text-lg font-semibold text-slate-900">
              Decisions per day
            </h2>
            {/* Below 36rem the chart scrolls sideways, so its words stay readable; the table holds the same numbers. */}
            <section
              aria-label="Chart"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls is reached by keyboard (WCAG 2.1.1)
              tabIndex={0}
              data-scroll-x
              className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-4"
            >
              <DecisionsChart chart={decisionsChart(perDay)} />
            </section>
            <FiguresTable
              caption={`Decisions per day, ${from} to ${to}`}
              columns={dayColumns}
              rows={[...perDay].reverse()}
              rowKey={({ day }) => day}
            />
          </section>
          <section aria-labelledby="insights-per-admin" className="space-y-3">
            <h2 id="insights-per-admin" className="text-lg font-semibold text-slate-900">
              Per admin
            </h2>
            <FiguresTable
              caption={`Decisions, skips and take-overs per admin, ${from} to ${to}`}
              columns={adminColumns}
              rows={perAdmin}
              rowKey={({ admin }) => admin}
              empty={<EmptyState title="No decisions, skips or take-overs in this period" />}
            />
          </section>
        </>
      )}
    </div>
  );
}
