/**
 * The lists with bulk actions (docs/product.md#bulk-actions), by their path: what the one results
 * route (bulk-results.tsx) serves at `/{list}/bulk/{batchId}`.
 */
import { announcementsBulk } from "./announcements/announcement-actions.server";
import { badgeRequestsBulk } from "./badge-requests/badge-actions.server";
import { postsBulk } from "./posts/post-actions.server";
import { usersBulk } from "./users/user-actions.server";
import type { BulkList } from "~/bulk/bulk-list";
import { pageError } from "~/lib/page-error";

/**
 * A list as the results page handles it: its items' state and rows only pass between the list's
 * own functions (a batch is read, run and retried by the list that made it), so the results route
 * need not know their types.
 */
type AnyBulkList = BulkList<unknown, unknown>;
const anyList = <S, R, K extends string>(list: BulkList<S, R, K>) => list as unknown as AnyBulkList;

const BULK_LISTS = new Map<string, AnyBulkList>(
  [anyList(usersBulk), anyList(badgeRequestsBulk), anyList(postsBulk), anyList(announcementsBulk)].map((list) => [
    list.path,
    list,
  ]),
);

/** The list a results URL is on (`/users/bulk/{batchId}`: users); 404 for a path no list has. */
export function bulkListOf(request: Request): AnyBulkList {
  const path = new URL(request.url).pathname.split("/")[1] ?? "";
  const list = BULK_LISTS.get(path);
  if (!list) throw pageError(404, "Not found");
  return list;
}
