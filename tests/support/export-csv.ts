/**
 * Reading a list's CSV export and the list's own pages side by side (docs/product.md#list-exports):
 * the file parsed with csv-parse, the pages read as a person reads them (tests/support/html.ts).
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { parse } from "csv-parse/sync";

import type { PanelClient } from "./form-post";
import { type HtmlPage, htmlPage } from "./html";

/** A downloaded export: the answer, its raw bytes as text (BOM kept) and its records (header first). */
export interface CsvDownload {
  response: Response;
  text: string;
  records: string[][];
}

/** GETs an export and parses it (the BOM is checked by the caller: it is kept in `text`). */
export async function downloadCsv(
  panel: PanelClient,
  path: string,
  headers: Record<string, string> = {},
): Promise<CsvDownload> {
  const response = await panel.get(path, headers);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const records = response.status === 200 ? (parse(text, { bom: true, relax_column_count: true }) as string[][]) : [];
  return { response, text, records };
}

/** One column of a file's rows (the header left out), by its header. */
export function csvColumn(records: string[][], header: string): string[] {
  const [head = [], ...rows] = records;
  const index = head.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${head.join(",")}`);
  return rows.map((row) => row[index] ?? "");
}

/** The texts of one column of a page's data table (by its caption and header), in row order. */
export function tableColumn(page: HtmlPage, caption: string | RegExp, header: string): string[] {
  const table = page.queryByRole("table", { name: caption });
  if (!table) return [];
  const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(",")}`);
  // The empty state is one cell across the table: not a row of the list.
  return [...table.querySelectorAll("tbody tr")]
    .map((row) => [...row.querySelectorAll("td, th")])
    .filter((cells) => cells.length === headers.length)
    .map((cells) => cells[index]?.textContent?.trim() ?? "");
}

/**
 * A list's rows across all its pages, `page=1, 2, ...` added to its query, until a page shows none
 * or shows the page before it again (a list on one page, such as the posts, ignores `page`; the
 * announcements show their last page for one past the end): what the export must equal, in order.
 */
export async function allPagesRows(
  panel: PanelClient,
  path: string,
  rowsOf: (page: HtmlPage) => string[],
): Promise<string[]> {
  const rows: string[] = [];
  let previous: string[] = [];
  for (let number = 1; number <= 100; number++) {
    const url = new URL(path, "http://panel");
    url.searchParams.set("page", String(number));
    const response = await panel.get(url.pathname + url.search);
    if (response.status !== 200) throw new Error(`${url.pathname}${url.search} answered ${response.status}`);
    const found = rowsOf(await htmlPage(response));
    if (found.length === 0 || found.join("\n") === previous.join("\n")) return rows;
    rows.push(...found);
    previous = found;
  }
  throw new Error(`${path} has more than 100 pages`);
}

/**
 * The newest `export` entry of the audit trail (`filters`: more of /audit's params, `&target=users`),
 * read through the trail's own export, as header → cell.
 */
export async function newestExportEntry(panel: PanelClient, filters = ""): Promise<Record<string, string>> {
  const { records } = await downloadCsv(panel, `/audit.csv?action=export${filters}`);
  const [head = [], newest = []] = records;
  return Object.fromEntries(head.map((header, index) => [header, newest[index] ?? ""]));
}

/**
 * A file's records as Python's `csv` reader reads them (`encoding="utf-8-sig"`, `newline=""`): a
 * second, independent reader, stricter than a string check about where a row ends. The bytes go to
 * a temporary file that python3 opens, as a spreadsheet program would open the download.
 */
export async function readWithPythonCsv(text: string): Promise<string[][]> {
  const dir = await mkdtemp(path.join(tmpdir(), "export-csv-"));
  const file = path.join(dir, "export.csv");
  try {
    await writeFile(file, text, "utf8");
    const script = [
      "import csv, json, sys",
      "with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:",
      "    print(json.dumps(list(csv.reader(f))))",
    ].join("\n");
    const { stdout } = await promisify(execFile)("python3", ["-c", script, file], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as string[][];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
