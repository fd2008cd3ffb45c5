/**
 * Pure paging helpers shared by every list screen: reading `page` and `limit` from the URL with
 * bounds, cutting a page out of an in-memory list, and building the hrefs of page links.
 */
import { DIALOG_PARAMS } from "~/lib/dialog-url";

/** Rows-per-page choices of the shared data table (docs/product.md#tables-search-and-paging). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The data table's default page size (docs/product.md#tables-search-and-paging), unless a screen says otherwise. */
export const DEFAULT_PAGE_SIZE = 50;

/** Pages beyond this are treated as typing mistakes in the URL and read as page 1. */
export const MAX_PAGE = 1_000_000;

/** Current page and page size of a list. */
export interface Paging {
  page: number;
  limit: number;
}

/** The numbers a paged list shows (docs/product.md#tables-search-and-paging). */
export interface PageInfo {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** A positive whole number from a URL value, or undefined. */
function positiveInt(value: string | null | undefined): number | undefined {
  if (value == null || !/^\s*\d{1,7}\s*$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/**
 * Reads `page` and `limit` from search params. A missing or malformed page is 1; a limit that is
 * not one of `sizes` falls back to `defaultLimit`, so a URL can never ask for 10,000 rows.
 */
export function parsePaging(
  search: URLSearchParams,
  {
    defaultLimit = DEFAULT_PAGE_SIZE,
    sizes = PAGE_SIZES as readonly number[],
  }: { defaultLimit?: number; sizes?: readonly number[] } = {},
): Paging {
  const page = positiveInt(search.get("page"));
  const limit = positiveInt(search.get("limit"));
  return {
    page: page !== undefined && page <= MAX_PAGE ? page : 1,
    limit: limit !== undefined && sizes.includes(limit) ? limit : defaultLimit,
  };
}

/** Number of pages for `total` items; at least 1, so 'Page 1 of 1' shows for an empty list. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, limit)));
}

/** One page of an in-memory list, with the numbers the data table shows. */
export function paginate<T>(items: readonly T[], { page, limit }: Paging): { items: T[]; pageInfo: PageInfo } {
  const start = (page - 1) * limit;
  return {
    items: items.slice(start, start + limit),
    pageInfo: { page, limit, total: items.length, totalPages: pageCount(items.length, limit) },
  };
}

/**
 * The current URL with some params changed: a null or empty value removes the param. Dialog
 * params are always dropped: a link built from a list state never opens a dialog by accident.
 */
export function hrefWith(
  pathname: string,
  search: URLSearchParams | string,
  changes: Record<string, string | number | null | undefined>,
): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(name);
    else params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The href of one page of the current list, other params kept. */
export function pageHref(pathname: string, search: URLSearchParams | string, page: number): string {
  return hrefWith(pathname, search, { page });
}

/** Targets of the first, previous, next and last links; null where there is nowhere to go. */
export function pageTargets(
  page: number,
  totalPages: number,
): { first: number | null; previous: number | null; next: number | null; last: number | null } {
  const last = Math.max(1, totalPages);
  return {
    first: page > 1 ? 1 : null,
    // Past the end (a stale link), previous leads back to the last real page.
    previous: page > 1 ? Math.min(page - 1, last) : null,
    next: page < last ? page + 1 : null,
    last: page !== last ? last : null,
  };
}
