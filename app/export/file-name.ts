/**
 * How an export is named (docs/product.md#list-exports): its file, after the list, its main filter
 * and the day in APP_TIMEZONE (`users-banned-2026-11-25.csv`), and its query in the audit trail.
 */
import { toLocalDateTime } from "~/lib/local-datetime";

/** A filter's words as a file name part: ASCII letters and digits joined by dashes, at most 40 characters. */
function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40)
    .replace(/^-+|-+$/g, "");
}

/** `<list>[-<filter>...]-<YYYY-MM-DD>.csv`; empty filter parts are left out. */
export function exportFileName(list: string, filters: readonly string[], now: Date, timeZone: string): string {
  const day = toLocalDateTime(now, timeZone).slice(0, 10);
  return [slug(list), ...filters.map(slug), day].filter(Boolean).join("-") + ".csv";
}

/** The params that pick a page of a list (numbered or by cursor): an export writes every page. */
const PAGING_PARAMS = ["page", "limit", "before", "after"];

/** The query an export names in its audit entry: the list's own, paging left out (every page is written). */
export function exportQuery(search: URLSearchParams): string {
  const query = new URLSearchParams(search);
  for (const name of PAGING_PARAMS) query.delete(name);
  return query.toString();
}

/** An invites export (`/users/7/invites.csv`, `/users/7/invitees.csv`): the user and which file. */
const USER_INVITES_FILE = /^\/users\/([^/]+)\/(invites|invitees)\.csv$/i;

/**
 * The list page an export's address belongs to, with the query it was downloaded with: where a
 * refusal page leads back to. `/users.csv?status=banned` is `/users?status=banned`; a user's
 * invites file is their invites page, the invitees file their details page.
 */
export function listPageOfExport(pathname: string, search: string): string {
  const path = pathname.replace(/\/+$/, "");
  const invites = USER_INVITES_FILE.exec(path);
  if (invites) {
    const [, user, file] = invites;
    return `${file!.toLowerCase() === "invites" ? `/users/view-invites/${user}` : `/users/${user}`}${search}`;
  }
  return `${path.replace(/\.csv$/i, "") || "/"}${search}`;
}
