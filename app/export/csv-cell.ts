/**
 * One CSV cell as the export writes it (docs/product.md#list-exports): text a spreadsheet never
 * reads as a formula. OWASP's CSV injection advice: a cell that starts with `=`, `+`, `-`, `@`, a
 * tab or a carriage return gets a leading `'`, which spreadsheet programs show as text.
 */

import { isoWithOffset } from "~/lib/local-datetime";

/** What a column may give for a row. */
export type CellValue = string | number | boolean | null | undefined;

/** The characters that make a spreadsheet program read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text: empty for nothing, `true`/`false` for a flag, a formula-like start neutralised. */
export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
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
