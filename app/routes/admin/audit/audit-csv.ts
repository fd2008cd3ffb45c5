/**
 * GET /audit.csv?<the audit page's filters>: the audit trail as /audit filters it, every page from
 * the newest entry down, as a CSV file (docs/product.md#list-exports).
 */
import type { Route } from "./+types/audit-csv";
import { auditQuery } from "./list.server";
import { type AuditEntry, capitalised, recordedAction } from "~/audit/entry";
import type { AuditQuery } from "~/audit/query.server";
import { theAuditTrail } from "~/audit/trail.server";
import { env } from "~/config/env.server";
import { csvDate } from "~/export/csv-cell";
import { type CsvColumn, csvDownload } from "~/export/csv-download.server";
import { redirectWithError } from "~/session/toast.server";
import { requireCapability } from "~/session/user.server";

/** Entries read from the store at a time. */
const ROWS_PAGE_SIZE = 100;

function columns(timeZone: string): CsvColumn<AuditEntry>[] {
  return [
    { header: "Entry", cell: (entry) => entry.seq },
    { header: "When", cell: (entry) => csvDate(entry.at, timeZone) },
    { header: "Admin", cell: (entry) => entry.admin },
    { header: "Action", cell: (entry) => capitalised(recordedAction(entry.action)) },
    { header: "Target Kind", cell: (entry) => entry.target?.kind },
    { header: "Target ID", cell: (entry) => entry.target?.id },
    { header: "Target Name", cell: (entry) => entry.target?.name },
    { header: "Reason", cell: (entry) => entry.reason },
    { header: "Batch", cell: (entry) => entry.batch },
    { header: "Result", cell: (entry) => entry.result },
    { header: "Status", cell: (entry) => entry.status },
    { header: "Detail", cell: (entry) => entry.detail },
  ];
}

/** Every entry the query matches, newest first, page by page (the page's cursor left out: every page is written). */
async function* auditPages(query: AuditQuery): AsyncGenerator<AuditEntry[]> {
  let before: number | null = null;
  for (;;) {
    const page = await theAuditTrail().page({ ...query, before, after: null, limit: ROWS_PAGE_SIZE });
    yield page.entries;
    if (page.older === null || page.entries.length === 0) return;
    before = page.older;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "read-audit");
  const url = new URL(request.url);
  const { filters, query } = auditQuery(url.searchParams);
  // A malformed date: the page shows the form with its message.
  if (!query) return redirectWithError(request, `/audit${url.search}`, "Enter a date such as 2026-11-25");
  return csvDownload(request, {
    list: "audit",
    // The product guide's name for the file (docs/product.md#list-exports); the entry's target stays "audit".
    fileName: "audit-export",
    filters: [filters.action, filters.kind && filters.target ? `${filters.kind}-${filters.target}` : "", filters.admin],
    columns: columns(env().APP_TIMEZONE),
    pages: auditPages(query),
  });
}
