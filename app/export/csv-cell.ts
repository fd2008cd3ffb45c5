/**
 * CSV cells and records as the export writes them (docs/product.md#list-exports): text a spreadsheet
 * never reads as a formula, in rows no cell can break.
 *
 * The formula guard (OWASP's CSV injection advice, widened):
 * - A cell that starts with `=`, `+`, `-`, `@`, their full-width forms `＝ ＋ － ＠` (and the small
 *   forms `﹦ ﹢ ﹣ ﹫`, which spreadsheet programs in East Asian locales read the same way), a tab,
 *   a carriage return or a line feed gets a leading `'`, which spreadsheet programs show as text.
 * - So does every line inside a cell that starts with one of those characters after a line break
 *   (CRLF, CR or LF alone): a program that splits the cell on it, or a person who pastes it, then
 *   meets no formula either.
 * - A phone number is left as it is: a `+`, then only digits, spaces, dots, hyphens and
 *   parentheses, with at least two groups of digits that only spaces part (`+1 555 0104`,
 *   `+44 20 7946 0958`, `+1 (555) 010-4999`). No letter, quote, `|`, `!`, `:`, `&`, `=`, `@`, tab
 *   or line break can be in it, so nothing in it names a function, a cell, a sheet, a file or another
 *   program; and two numbers that only a space parts are no formula at all (a space is an operator
 *   only between ranges), so Excel and LibreOffice keep it as the text it is. Anything else with a
 *   leading `+` keeps the guard: `+15550104` and `+1-555-0104` would be read as a number or a
 *   subtraction, `+1+cmd|' /C calc'!A0` as a formula.
 * - A number (a JS number, not text) is written as it is: `-3` is a number, not a formula.
 *
 * The records: csv-stringify quotes a field holding the separator, a quote or the record delimiter
 * (CRLF), but not a lone CR or LF, which ends the row in a spreadsheet and starts an unguarded cell
 * after it. Every field holding either is quoted too.
 */
import { stringify } from "csv-stringify/sync";

import { isoWithOffset } from "~/lib/local-datetime";

/** What a column may give for a row. */
export type CellValue = string | number | boolean | null | undefined;

/** The characters that make a spreadsheet program read a cell, or a line of one, as a formula. */
const FORMULA_CHARACTERS = "=+\\-@\\t\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B";

/** A cell's start that gets the guard: a formula character, or a line break. */
const CELL_START = new RegExp(`^[${FORMULA_CHARACTERS}\\r\\n]`);

/** A line break inside a cell followed by a formula character: the line after it gets the guard too. */
const LINE_START = new RegExp(`(\\r\\n|\\r|\\n)(?=[${FORMULA_CHARACTERS}])`, "g");

/** A phone number as the module comment defines it: a `+`, digits, spaces, dots, hyphens, parentheses... */
const PHONE_CHARACTERS = /^\+[\d(][\d ().-]*$/;
/** ...and two groups of digits that only spaces part. */
const DIGITS_PARTED_BY_SPACES = /[\d)] +[\d(]/;

/** Whether `text` is a phone number a spreadsheet keeps as text (see the module comment). */
function isPhoneNumber(text: string): boolean {
  return PHONE_CHARACTERS.test(text) && DIGITS_PARTED_BY_SPACES.test(text);
}

/**
 * A cell's text: empty for nothing, `true`/`false` for a flag, a number as it is, and text with
 * every formula start neutralised (see the module comment).
 */
export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = String(value);
  if (isPhoneNumber(text)) return text;
  const lines = text.replace(LINE_START, "$1'");
  return CELL_START.test(text) ? `'${lines}` : lines;
}

/** A field with a line break of any kind: quoted, so it stays one cell. */
const LINE_BREAK = /[\r\n]/;

/**
 * Records as the file's text: comma-separated, CRLF after each, every field with a CR or LF
 * quoted (see the module comment), the byte-order mark first when asked for.
 */
export function csvRecords(records: string[][], options: { bom?: boolean } = {}): string {
  return stringify(records, { bom: options.bom ?? false, record_delimiter: "windows", quoted_match: LINE_BREAK });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date cell: an instant as ISO 8601 in `timeZone` with its offset (`2026-11-25T14:03:05+01:00`);
 * a calendar date (`1992-06-14`, a date of birth) as it is; an unreadable value as it came.
 */
export function csvDate(value: string | null | undefined, timeZone: string): string {
  if (!value || DATE_ONLY.test(value)) return value ?? "";
  return isoWithOffset(value, timeZone) || value;
}
