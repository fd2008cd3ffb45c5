/**
 * Pure helpers of the numbered pagination (docs/product.md#announcements): the sliding window of page numbers
 * around the current page, and the 'Showing X to Y of Z' range.
 */

/** At most this many page links show at once (docs/product.md#announcements). */
export const MAX_PAGE_LINKS = 5;

/**
 * The page numbers to link to: at most `size` consecutive pages with the current one in the
 * middle where possible, shifted at both ends so the window is always full when there are
 * enough pages (page 1 of 8 -> 1..5, page 5 -> 3..7, page 8 -> 4..8). A current page outside
 * 1..totalPages is clamped first.
 */
export function pageWindow(page: number, totalPages: number, size: number = MAX_PAGE_LINKS): number[] {
  const total = Math.max(0, Math.floor(totalPages));
  const width = Math.max(1, Math.floor(size));
  if (total === 0) return [];
  if (total <= width) return Array.from({ length: total }, (_, index) => index + 1);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), total);
  const start = Math.min(Math.max(1, current - Math.floor(width / 2)), total - width + 1);
  return Array.from({ length: width }, (_, index) => start + index);
}

/** The first and last item numbers shown on a page (1-based), and the total. */
export interface ShownRange {
  from: number;
  to: number;
  total: number;
}

/** Which items a page shows: page 2 of 28 by 10 is 11 to 20; an empty list is 0 to 0. */
export function shownRange(page: number, limit: number, total: number): ShownRange {
  const count = Math.max(0, Math.floor(total));
  const size = Math.max(1, Math.floor(limit));
  if (count === 0) return { from: 0, to: 0, total: 0 };
  const lastPage = Math.ceil(count / size);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), lastPage);
  const from = (current - 1) * size + 1;
  return { from, to: Math.min(current * size, count), total: count };
}

/** 'Showing X to Y of Z announcements' (docs/product.md#announcements); `noun` is the plural shown after the total. */
export function showingText(page: number, limit: number, total: number, noun = "announcements"): string {
  const { from, to, total: count } = shownRange(page, limit, total);
  return `Showing ${from} to ${to} of ${count} ${noun}`;
}
