/**
 * Every row of the announcements list for its query, across all its pages
 * (docs/product.md#bulk-actions): what "Select all matching" acts on, and what an export writes.
 */
import { listAnnouncements } from "~/upstream/announcements.server";
import type { Announcement } from "~/upstream/contract/announcements";

/** Paging stops here (10,000 announcements): a guard against an upstream whose pages never end. */
const MAX_PAGES = 1_000;

/** The announcements the list's search matches, in the list's order, page by page as the list reads them. */
export async function* announcementPages(request: Request, params: URLSearchParams): AsyncGenerator<Announcement[]> {
  const search = params.get("search") ?? "";
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await listAnnouncements(request, { page, search });
    yield answer.data;
    if (answer.data.length === 0 || page >= answer.pagination.totalPages) return;
  }
}
