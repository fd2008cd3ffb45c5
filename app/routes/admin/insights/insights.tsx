import type { Route } from "./+types/insights";
import { DecisionsChart } from "./decisions-chart";
import { FiguresTable, type FiguresColumn } from "./figures-table";
import { loadInsights } from "./insights.server";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Link } from "~/components/ui/link";
import { PageHeader } from "~/components/ui/page-header";
import { Icon } from "~/components/ui/icon";
import { auditHref, citizenshipEntriesHref } from "~/insights/audit-links";
import { decisionsChart } from "~/insights/chart";
import { formatWait, type QueueDay } from "~/insights/queue-figures";
import { ADMIN_FIGURES, DECISIONS, FIGURE_LABELS, PERIODS, type Counts, type Figure } from "~/insights/rollup";
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
  const { days, periodError, error, timeZone, perDay, perAdmin, queue } = loaderData;
  const from = perDay[0]?.day ?? "";
  const to = perDay.at(-1)?.day ?? "";

  const figure = (
    measure: Figure,
    counts: Counts,
    range: { from: string; to: string; admin?: string },
    what: string,
  ) => {
    const value = counts[measure] ?? 0;
    return (
      <Link
        to={auditHref(measure, range)}
        aria-label={`${value} ${FIGURE_LABELS[measure].toLowerCase()} ${what}`}
        className="insights-figure"
      >
        {value}
      </Link>
    );
  };
  // A time or a count of the queue: a link where a query lists it, a dash (read "none") where there is nothing to show.
  const queueFigure = (text: string | null, label: string, to: string | null) => {
    if (text === null)
      return (
        <>
          <span className="sr-only">none</span>
          <span aria-hidden="true">—</span>
        </>
      );
    return to ? (
      <Link to={to} aria-label={`${text} ${label}`} className="insights-figure">
        {text}
      </Link>
    ) : (
      <span className="tabular-nums">{text}</span>
    );
  };
  const today = to;
  const queueColumns: FiguresColumn<QueueDay>[] = [
    { id: "day", header: "Day", className: "whitespace-nowrap", cell: ({ day }) => <time dateTime={day}>{day}</time> },
    {
      id: "pending",
      header: "Pending at end of day",
      cell: ({ day, pending }) =>
        queueFigure(
          pending === null ? null : String(pending),
          `pending ${day === today ? "now" : `at the end of ${day}`}`,
          day === today ? "/badge-requests" : null,
        ),
    },
    {
      id: "oldest",
      header: "Oldest waiting",
      cell: ({ day, oldestWait }) =>
        queueFigure(
          oldestWait === null ? null : formatWait(oldestWait),
          `the oldest pending request's wait ${day === today ? "now" : `at the end of ${day}`}`,
          day === today ? "/badge-requests" : null,
        ),
    },
    {
      id: "timed",
      header: "Decisions timed",
      cell: ({ day, timed }) => queueFigure(String(timed), `decisions timed on ${day}`, citizenshipEntriesHref(day)),
    },
    {
      id: "median",
      header: "Median time to decision",
      cell: ({ day, median, timed }) =>
        queueFigure(
          median === null ? null : formatWait(median),
          `median time to decision on ${day}, of ${timed}`,
          citizenshipEntriesHref(day),
        ),
    },
    {
      id: "p90",
      header: "90th percentile",
      cell: ({ day, p90, timed }) =>
        queueFigure(
          p90 === null ? null : formatWait(p90),
          `90th percentile time to decision on ${day}, of ${timed}`,
          citizenshipEntriesHref(day),
        ),
    },
  ];
  const csvLink = (table: string, what: string) => (
    <a
      href={`/insights.csv?days=${days}&table=${table}`}
      aria-label={`Download CSV of ${what}`}
      className={buttonClass("secondary", "sm")}
    >
      <Icon name="solid-arrow-down-tray" className="size-4" />
      Download CSV
    </a>
  );

  const dayColumns: FiguresColumn<(typeof perDay)[number]>[] = [
    { id: "day", header: "Day", className: "whitespace-nowrap", cell: ({ day }) => <time dateTime={day}>{day}</time> },
    ...DECISIONS.map((measure): FiguresColumn<(typeof perDay)[number]> => ({
      id: measure,
      header: FIGURE_LABELS[measure],
      cell: ({ day, counts }) => figure(measure, counts, { from: day, to: day }, `on ${day}`),
    })),
  ];
  const adminColumns: FiguresColumn<(typeof perAdmin)[number]>[] = [
    { id: "admin", header: "Admin", className: "min-w-48 wrap-anywhere", cell: ({ admin }) => admin },
    ...ADMIN_FIGURES.map((measure): FiguresColumn<(typeof perAdmin)[number]> => ({
      id: measure,
      header: FIGURE_LABELS[measure],
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
            <div className="insights-heading">
              <h2 id="insights-per-day">Decisions per day</h2>
              {csvLink("decisions", "decisions per day")}
            </div>
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
          <section aria-labelledby="insights-queue" className="space-y-3">
            <div className="insights-heading">
              <h2 id="insights-queue">Citizenship queue per day</h2>
              {csvLink("queue", "the citizenship queue per day")}
            </div>
            <p className="text-sm text-slate-600">
              Times run from when the panel first saw a request pending to its approval or rejection; pending requests
              are as the panel last saw them by the end of each day.
            </p>
            <FiguresTable
              caption={`Citizenship queue per day, ${from} to ${to}`}
              columns={queueColumns}
              rows={[...queue].reverse()}
              rowKey={({ day }) => day}
            />
          </section>
          <section aria-labelledby="insights-per-admin" className="space-y-3">
            <div className="insights-heading">
              <h2 id="insights-per-admin">Per admin</h2>
              {csvLink("admins", "decisions per admin")}
            </div>
            <FiguresTable
              caption={`Decisions, skips, take-overs and reversals per admin, ${from} to ${to}`}
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
