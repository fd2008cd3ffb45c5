/**
 * The users list's query, and every row of the list for it, page by page
 * (docs/product.md#bulk-actions): what the list shows, what "Select all matching" acts on, and
 * what an export of the list writes.
 */
import { pageCount, parsePaging } from "~/lib/pagination";
import { type User, USER_STATUS_FILTER, type UserStatusFilter } from "~/upstream/contract/users";
import { CITIZENSHIP_QUERY, type CitizenshipFilter, isAdminUser, listUsers } from "~/upstream/users.server";

/** The users list's page size (docs/product.md#constants-and-limits: users default page size 10). */
const USERS_PAGE_SIZE = 10;

/** One of an object's keys, or "" for a missing or unknown URL value. */
function parseChoice<K extends string>(value: string | null, choices: Record<K, string>): K | "" {
  const wanted = value?.trim().toLowerCase() ?? "";
  return Object.hasOwn(choices, wanted) ? (wanted as K) : "";
}

/**
 * The users list's query as its URL gives it (docs/product.md#users-list): the page, the filters
 * the screen shows, and what GET /users is asked. The list, its bulk actions and its export read it.
 */
export function usersQuery(params: URLSearchParams) {
  const { page, limit } = parsePaging(params, { defaultLimit: USERS_PAGE_SIZE });
  const search = params.get("search") ?? "";
  const status = parseChoice<UserStatusFilter>(params.get("status"), USER_STATUS_FILTER);
  const citizenship = parseChoice<CitizenshipFilter>(params.get("citizenship"), CITIZENSHIP_QUERY);
  return {
    page,
    limit,
    filters: { search, status, citizenship },
    upstream: {
      search: search.trim() || undefined,
      status: status ? USER_STATUS_FILTER[status] : undefined,
      badgeRequestStatus: citizenship ? CITIZENSHIP_QUERY[citizenship] : undefined,
    },
  };
}

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
