/**
 * GET /insights.csv?days=7|30|90&table=decisions|queue|admins: one of /insights' tables as a CSV
 * file, through the list export (docs/product.md#list-exports): the same figures the page shows,
 * read from the roll-ups the same way, one page.
 */
import type { Route } from "./+types/insights-csv";
import { insightFigures, periodOf } from "./insights.server";
import { type CsvColumn, csvDownload, onePage } from "~/export/csv-download.server";
import { refusalPageHtml } from "~/lib/refusal-page";
import { ADMIN_FIGURES, DECISIONS, FIGURE_LABELS, MEASURE_LABELS } from "~/insights/rollup";
import { requireCapability } from "~/session/user.server";

type Figures = Awaited<ReturnType<typeof insightFigures>>;
type Row<Table extends "perDay" | "perAdmin" | "queue"> = Figures[Table][number];

/** Seconds as whole minutes: a spreadsheet sums and sorts them. */
const minutes = (seconds: number | null) => (seconds === null ? null : Math.floor(seconds / 60));

/** Each table's file: what the page heads it with, the figures' rows, and its columns. */
const TABLES = {
  decisions: {
    rows: (figures: Figures) => [...figures.perDay].reverse(),
    columns: [
      { header: "Day", cell: (row) => row.day },
      ...DECISIONS.map((measure): CsvColumn<Row<"perDay">> => ({
        header: MEASURE_LABELS[measure],
        cell: (row) => row.counts[measure] ?? 0,
      })),
    ] satisfies CsvColumn<Row<"perDay">>[],
  },
  queue: {
    rows: (figures: Figures) => [...figures.queue].reverse(),
    columns: [
      { header: "Day", cell: (row) => row.day },
      { header: "Pending at end of day", cell: (row) => row.pending },
      { header: "Oldest waiting (minutes)", cell: (row) => minutes(row.oldestWait) },
      { header: "Decisions timed", cell: (row) => row.timed },
      { header: "Median time to decision (minutes)", cell: (row) => minutes(row.median) },
      { header: "90th percentile (minutes)", cell: (row) => minutes(row.p90) },
    ] satisfies CsvColumn<Row<"queue">>[],
  },
  admins: {
    rows: (figures: Figures) => figures.perAdmin,
    columns: [
      { header: "Admin", cell: (row) => row.admin },
      ...ADMIN_FIGURES.map((figure): CsvColumn<Row<"perAdmin">> => ({
        header: FIGURE_LABELS[figure],
        cell: (row) => row.counts[figure] ?? 0,
      })),
    ] satisfies CsvColumn<Row<"perAdmin">>[],
  },
} as const;

/** The tables a file can hold (`?table=`). */
type InsightsTable = keyof typeof TABLES;

function refused(message: string): Response {
  const html = refusalPageHtml({
    heading: "Nothing to download",
    message,
    links: [{ href: "/insights", label: "Back to Insights" }],
  });
  return new Response(html, { status: 400, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "read-audit");
  const url = new URL(request.url);
  const { days, periodError } = periodOf(url);
  if (periodError) return refused(periodError);
  const table = url.searchParams.get("table") ?? "";
  if (!Object.hasOwn(TABLES, table))
    return refused(`There is no table "${table.slice(0, 40)}": choose decisions, queue or admins.`);
  const { rows, columns } = TABLES[table as InsightsTable] as {
    rows: (figures: Figures) => readonly unknown[];
    columns: readonly CsvColumn<unknown>[];
  };
  return csvDownload(request, {
    list: "insights",
    filters: [table, `${days}-days`],
    columns,
    pages: onePage(async () => rows(await insightFigures(days))),
  });
}
