/**
 * A list's "Download CSV" (docs/product.md#list-exports, decision 059): the list's rows across
 * all its pages, for the list's own query, streamed as they are read. The response body is a
 * ReadableStream that asks for the next upstream page only when the browser has taken the one
 * before (backpressure), so memory stays flat whatever the list's length (decision 061). Each
 * page is one chunk of the file: one write and one compression flush (@react-router/node flushes
 * after every chunk) per upstream page, a thousand for 100,000 users, not one per row.
 *
 * - Before the first byte: the admin's session, a place among the exports running on this panel
 *   (EXPORTS_CONCURRENT, else 503) and the admin's export rate limit (EXPORTS_PER_MINUTE, else 429);
 *   a refusal is a page with a way back to the list, not a file. The BOM and the header row go out
 *   at once, before the first page is asked for (decision 059: the first byte comes within one
 *   upstream call). A HEAD gets the download's headers and starts nothing.
 * - A browser that drops the download aborts the request: the page in flight is cancelled and no
 *   other is asked for.
 * - An upstream failure, on any page, ends the file with INCOMPLETE_LINE, and leaves the admin a
 *   note their next page shows (incomplete-notice.server.ts); a complete export clears it.
 * - Every attempt is one audit entry: action `export`, the list and its query, the rows written.
 * - The `.data` twin of an export address and a link to one from another site are refused before
 *   React Router runs (server/request-guards.ts, `refuseExpensiveReads`).
 */
import { AsyncLocalStorage } from "node:async_hooks";

import { type CellValue, csvCell, csvRecords } from "./csv-cell";
import { exportFileName, exportQuery, listPageOfExport } from "./file-name";
import { forgetIncompleteExport, noteIncompleteExport } from "./incomplete-notice.server";
import { takeExportPlace } from "./running-exports.server";
import { env } from "~/config/env.server";
import { attachmentDisposition } from "~/lib/format";
import { logLine } from "~/lib/log.server";
import { refusalPageHtml } from "~/lib/refusal-page";
import { type AuditResult, recordAuditEntry } from "~/audit/record.server";
import { exportSecondsUntilAllowed } from "~/session/rate-limit.server";
import { requireRecentReauthentication } from "~/session/reauthentication.server";
import { requireUser } from "~/session/user.server";
import { isUpstreamError } from "~/upstream/errors";

/** One column of an export: its header and its cell for a row. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => CellValue;
}

/** What a list's export route hands over: the list, how its file is named, its columns and its rows. */
export interface ListExport<Row> {
  /** The list's name, the audit entry's target id and, unless `fileName` says otherwise, first in the file name ("users"). */
  list: string;
  /** The file name's first word when it is not the list's name (the audit trail's "audit-export"). */
  fileName?: string;
  /** The filter words that name the file ("banned"), in order; empty ones are left out. */
  filters: readonly (string | null | undefined)[];
  columns: readonly CsvColumn<Row>[];
  /**
   * The list's rows for its query, in its order, page by page as the upstream answers them (a list
   * the upstream sends whole is one page: `onePage`). Each page is one chunk of the file.
   */
  pages: AsyncIterable<readonly Row[]>;
  /**
   * The file holds members' personal data (emails, phone numbers, dates of birth, documents): it
   * asks for a fresh re-authentication first (decision 080).
   */
  personal?: boolean;
}

/** The pages of a list the upstream sends whole: one, read when the file asks for it. */
export async function* onePage<Row>(read: () => Promise<readonly Row[]>): AsyncGenerator<readonly Row[]> {
  yield await read();
}

/**
 * The last line of a file the upstream stopped answering for, in its first column
 * (docs/product.md#list-exports). `{rows}` is how many rows came before it.
 */
export const INCOMPLETE_LINE =
  "INCOMPLETE EXPORT: the list could not be read to its end. This file has only the first {rows} rows. Download it again.";

// A personal list: never kept by a browser or a shared cache.
const NOT_STORED = { "Cache-Control": "no-store" };

/** How long a refused export is told to wait when the panel is running as many as it may. */
const BUSY_RETRY_SECONDS = 60;

/** The refusals' words (docs/product.md#list-exports). */
const EXPORT_REFUSALS = {
  rateLimited: "Too many attempts. Please wait {seconds} seconds and try again.",
  busy: "Too many exports are running on the panel right now. Please try again in a minute.",
} as const;

/** A refused export: a page that says why, with a way back to the list it was asked from. */
function refusal(status: 429 | 503, retryAfter: number, heading: string, message: string, back: string): Response {
  const html = refusalPageHtml({
    heading,
    message,
    links: [
      { href: back, label: "Back to the list" },
      { href: "/", label: "Go to the dashboard" },
    ],
  });
  return new Response(html, {
    status,
    headers: { ...NOT_STORED, "Retry-After": String(retryAfter), "Content-Type": "text/html; charset=utf-8" },
  });
}

/** Answers a list's CSV download (see the module comment). */
export async function csvDownload<Row>(request: Request, spec: ListExport<Row>): Promise<Response> {
  const { email: admin } = await requireUser(request);
  const url = new URL(request.url);
  const query = exportQuery(url.searchParams);
  const back = listPageOfExport(url.pathname, url.search);
  if (spec.personal) await requireRecentReauthentication(request, `Download CSV: ${spec.list}`, { back });
  const fileName = exportFileName(
    spec.fileName ?? spec.list,
    spec.filters.filter((part): part is string => Boolean(part)),
    new Date(),
    env().APP_TIMEZONE,
  );
  const fileHeaders = {
    ...NOT_STORED,
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": attachmentDisposition(fileName),
  };
  // React Router drops a HEAD's body unread: an export started for it would never end.
  if (request.method === "HEAD") return new Response(null, { status: 200, headers: fileHeaders });
  // Awaited: once the answer (or the file's end) is sent, /audit shows the entry.
  const audit = (result: AuditResult, detail: string, status?: number | null) =>
    recordAuditEntry({
      admin,
      action: "export",
      target: { kind: "list", id: spec.list, name: query },
      result,
      status: status ?? null,
      detail,
    });

  // Taken before the rate limit counts: an export the panel cannot run now costs the admin nothing.
  const place = takeExportPlace();
  if (!place) {
    await audit("refused", "too many exports running");
    return refusal(503, BUSY_RETRY_SECONDS, "Too many exports running", EXPORT_REFUSALS.busy, back);
  }
  let wait: number | null;
  try {
    wait = await exportSecondsUntilAllowed(admin ?? "");
  } catch (error) {
    place.release();
    throw error;
  }
  if (wait !== null) {
    place.release();
    await audit("refused", "rate limited");
    const message = EXPORT_REFUSALS.rateLimited.replace("{seconds}", String(wait));
    return refusal(429, wait, "Too many exports", message, back);
  }
  // However the file ends (below), and when the browser goes before it starts, the place is given back.
  request.signal.addEventListener("abort", () => place.release(), { once: true });
  if (request.signal.aborted) place.release();

  // The body is pulled from the response's writes (a socket's drain among them), outside the
  // request's async context: every page is read inside it, where the upstream client finds the
  // request's session (app/lib/request-context.server.ts).
  const inRequest = AsyncLocalStorage.snapshot();
  const pages = spec.pages[Symbol.asyncIterator]();
  const cellsOf = (row: Row) => spec.columns.map((column) => csvCell(column.cell(row)));
  let written = 0;
  let recorded = false;
  // Once, however the file ends: the place given back, the admin's note, the audit entry.
  const end = async (result: AuditResult, detail: string, status?: number | null) => {
    if (recorded) return;
    recorded = true;
    place.release();
    if (result === "failed") await noteIncompleteExport(admin, fileName, written);
    if (result === "done") await forgetIncompleteExport(admin);
    await audit(result, detail, status);
  };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(csvChunk([spec.columns.map((column) => csvCell(column.header))], { bom: true }));
    },
    async pull(controller) {
      try {
        for (;;) {
          const page = await inRequest(() => pages.next());
          if (page.done) {
            await end("done", `${written} rows`);
            controller.close();
            return;
          }
          // A page with no row to write (every user on it an administrator): read the next one.
          if (page.value.length === 0) continue;
          controller.enqueue(csvChunk(page.value.map(cellsOf)));
          written += page.value.length;
          return;
        }
      } catch (error) {
        // The download was dropped while its page was read: cancel() records it.
        if (request.signal.aborted) return;
        // An upstream failure (or its 401's redirect to sign in, or a bug): the file says it stops here.
        const status = isUpstreamError(error) ? error.status : error instanceof Response ? error.status : null;
        if (!isUpstreamError(error) && !(error instanceof Response)) {
          logLine("error", "export failed", { error: error instanceof Error ? error.message : String(error) });
        }
        controller.enqueue(csvChunk([[INCOMPLETE_LINE.replace("{rows}", String(written))]]));
        await end("failed", `${written} rows, incomplete`, status);
        controller.close();
      }
    },
    async cancel() {
      // The browser dropped the download: what it kept is unknown. No other page is asked for.
      await end("unknown", `${written} rows, download closed before its end`);
    },
  });

  return new Response(body, { status: 200, headers: fileHeaders });
}

const utf8 = new TextEncoder();

/** Records as the file's bytes (csvRecords: CRLF after each, line breaks quoted, the BOM when asked for). */
function csvChunk(records: string[][], options: { bom?: boolean } = {}): Uint8Array {
  return utf8.encode(csvRecords(records, options));
}
