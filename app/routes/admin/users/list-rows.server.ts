/**
 * Every row of the users list for its query, page by page (docs/product.md#bulk-actions): what
 * "Select all matching" acts on, and what an export of the list writes.
 */
import { usersQuery } from "./list.server";
import { pageCount } from "~/lib/pagination";
import type { User } from "~/upstream/contract/users";
import { isAdminUser, listUsers } from "~/upstream/users.server";

/** The largest page GET /users is asked for while paging through the whole list. */
const ROWS_PAGE_SIZE = 100;

/** The users the list's query matches, in the list's order, administrators left out as the list leaves them out. */
export async function* userPages(request: Request, params: URLSearchParams): AsyncGenerator<User[]> {
  const { upstream } = usersQuery(params);
  for (let page = 1; ; page++) {
    const { data: answer } = await listUsers(request, { page, limit: ROWS_PAGE_SIZE, ...upstream });
    yield answer.data.filter((user) => !isAdminUser(user));
    if (answer.data.length === 0 || page >= pageCount(answer.pagination.total, ROWS_PAGE_SIZE)) return;
  }
}
