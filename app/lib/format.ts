/**
 * Display formatting shared by browser and server. Dates always get an explicit time zone (the
 * APP_TIMEZONE a loader passes down), so the server's HTML and the hydrated page agree.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A date in en-US medium style ('Jan 15, 2026', docs/product.md#constants-and-limits) in the given IANA time zone. A
 * calendar date without a time ('1992-06-14', e.g. a date of birth) is shown as that day in every
 * zone. Missing values give '', unreadable ones are shown as they came.
 */
export function formatDate(value: string | null | undefined, timeZone: string): string {
  if (!value) return "";
  const dateOnly = DATE_ONLY.test(value);
  const time = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return value;
  return dateFormatter(dateOnly ? "UTC" : timeZone).format(time);
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant (epoch milliseconds) as a date and time in en-US medium and short style in the given
 * IANA time zone ('Nov 26, 2026, 9:05 AM'): when a queue item was claimed or decided.
 */
export function formatDateTime(value: number, timeZone: string): string {
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
    dateTimeFormatters.set(timeZone, formatter);
  }
  return formatter.format(value);
}

/** Percent-encodes for an RFC 5987 ext-value (encodeURIComponent leaves ' ( ) * as they are). */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A `Content-Disposition: attachment` value for a file name: a plain ASCII `filename` (quotes,
 * backslashes and control characters replaced) and, when the name is not plain ASCII, the exact
 * name in an RFC 5987 `filename*` that browsers prefer.
 */
export function attachmentDisposition(fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it strips
  const cleaned = fileName.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "download";
  const ascii = cleaned
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
  const header = `attachment; filename="${ascii}"`;
  return ascii === cleaned ? header : `${header}; filename*=UTF-8''${rfc5987(cleaned)}`;
}
