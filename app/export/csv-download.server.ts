/**
 * A list's "Download CSV" (docs/product.md#list-exports, decision 059): the list's rows across
 * all its pages, for the list's own query, streamed as they are read. The rows come from an async
 * iterator that pages the upstream; Node's stream pipeline turns them into csv-stringify's
 * records, and the response body pulls from it, so a page is asked for only when the browser has
 * taken what came before (backpressure) and memory stays flat whatever the list's length.
 *
 * - Before the first byte: the admin's session and the export rate limit (429). The BOM and the
 *   header row go out at once, before the first page is asked for (decision 059: the first byte
 *   comes within one upstream call).
 * - A browser that drops the download aborts the request: the page in flight is cancelled and no
 *   other is asked for.
 * - An upstream failure, on any page, ends the file with INCOMPLETE_LINE.
 * - Every attempt is one audit entry: action `export`, the list and its query, the rows written.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { Readable, pipeline } from "node:stream";

import { stringify } from "csv-stringify";

import { type CellValue, csvCell } from "./csv-cell";
import { exportFileName, exportQuery } from "./file-name";
import { env } from "~/config/env.server";
import { attachmentDisposition } from "~/lib/format";
import { logLine } from "~/lib/log.server";
import { type AuditResult, recordAuditEntry } from "~/session/audit.server";
import { exportSecondsUntilAllowed } from "~/session/rate-limit.server";
import { requireUser } from "~/session/user.server";
import { isUpstreamError } from "~/upstream/errors";

/** One column of an export: its header and its cell for a row. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => CellValue;
}

/** What a list's export route hands over: the list, where it lives, how its file is named, its columns and its rows. */
export interface ListExport<Row> {
  /** The list's name, first in the file name and the audit entry's target id ("users"). */
  list: string;
  /** The filter words that name the file ("banned"), in order; empty ones are left out. */
  filters: readonly (string | null | undefined)[];
  columns: readonly CsvColumn<Row>[];
  /** The list's rows for its query, in its order, across all its pages. */
  rows: AsyncIterable<Row>;
}

/**
 * The last line of a file the upstream stopped answering for, in its first column
 * (docs/product.md#list-exports). `{rows}` is how many rows came before it.
 */
export const INCOMPLETE_LINE =
  "INCOMPLETE EXPORT: the list could not be read to its end. This file has only the first {rows} rows. Download it again.";

// A personal list: never kept by a browser or a shared cache.
const NOT_STORED = { "Cache-Control": "no-store" };

/** Answers a list's CSV download (see the module comment). */
export async function csvDownload<Row>(request: Request, spec: ListExport<Row>): Promise<Response> {
  const { email: admin } = await requireUser(request);
  const url = new URL(request.url);
  const query = exportQuery(url.searchParams);
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

  const wait = await exportSecondsUntilAllowed(admin ?? "");
  if (wait !== null) {
    await audit("refused", "rate limited");
    return new Response(`Too many attempts. Please wait ${wait} seconds and try again.`, {
      status: 429,
      headers: { ...NOT_STORED, "Retry-After": String(wait), "Content-Type": "text/plain; charset=utf-8" },
    });
  }

  // The stream is pulled from the response's writes (a socket's drain among them), outside the
  // request's async context: every page is read inside it, where the upstream client finds the
  // request's session (app/lib/request-context.server.ts).
  const inRequest = AsyncLocalStorage.snapshot();
  const rows = spec.rows[Symbol.asyncIterator]();
  const records = csvRecords(request.signal, spec.columns, () => inRequest(() => rows.next()), audit);
  const csv = stringify({ bom: true, eof: true, record_delimiter: "windows" });
  const source = Readable.from(records);
  // Either side ending early (the browser gone, a bug) destroys both, which ends the records.
  pipeline(source, csv, (error) => {
    if (error && error.name !== "AbortError" && error.code !== "ERR_STREAM_PREMATURE_CLOSE") {
      logLine("error", "export stream failed", { list: spec.list, error: error.message });
    }
  });
  const chunks = csv[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const body = new ReadableStream<Uint8Array>({
    // Each pull takes what csv-stringify has written so far, or waits for the next record.
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    },
    cancel() {
      source.destroy();
      csv.destroy();
    },
  });

  const fileName = exportFileName(
    spec.list,
    spec.filters.filter((part): part is string => Boolean(part)),
    new Date(),
    env().APP_TIMEZONE,
  );
  return new Response(body, {
    status: 200,
    headers: {
      ...NOT_STORED,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(fileName),
    },
  });
}

/**
 * The file's records: the header, then one per row as the iterator gives them, then (when the
 * rows stopped on a failure) INCOMPLETE_LINE. Ends with the audit entry, once, however it ends.
 */
async function* csvRecords<Row>(
  signal: AbortSignal,
  columns: readonly CsvColumn<Row>[],
  next: () => Promise<IteratorResult<Row>>,
  audit: (result: AuditResult, detail: string, status?: number | null) => Promise<void>,
): AsyncGenerator<string[]> {
  let written = 0;
  let outcome: { result: AuditResult; detail: string; status?: number | null } | null = null;
  try {
    yield columns.map((column) => csvCell(column.header));
    // The signal is checked before each read and each row: a dropped download asks for nothing more.
    while (!signal.aborted) {
      const step = await next();
      if (step.done || signal.aborted) break;
      yield columns.map((column) => csvCell(column.cell(step.value)));
      written++;
    }
    if (!signal.aborted) outcome = { result: "done", detail: `${written} rows` };
  } catch (error) {
    if (!signal.aborted) {
      // An upstream failure (or its 401's redirect to sign in, or a bug): the file says it stops here.
      const status = isUpstreamError(error) ? error.status : error instanceof Response ? error.status : null;
      if (!isUpstreamError(error) && !(error instanceof Response)) {
        logLine("error", "export failed", { error: error instanceof Error ? error.message : String(error) });
      }
      outcome = { result: "failed", detail: `${written} rows, incomplete`, status };
      yield [INCOMPLETE_LINE.replace("{rows}", String(written))];
    }
  } finally {
    // The browser dropped the download (or the stream was destroyed): what it kept is unknown.
    outcome ??= { result: "unknown", detail: `${written} rows, download closed before its end` };
    await audit(outcome.result, outcome.detail, outcome.status);
  }
}
