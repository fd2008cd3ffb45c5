/**
 * The posts list's query, and every row of the list for it (docs/product.md#bulk-actions): what
 * the list shows, what "Select all matching" acts on, and what an export of the list writes: one
 * page, as the upstream sends every post at once.
 */
import { matchesSearch } from "~/lib/search";
import type { Post } from "~/upstream/contract/posts";
import { listPosts } from "~/upstream/moderation.server";

/**
 * The posts the list's query matches, in the list's order (docs/product.md#posts). The upstream has
 * no search: the panel filters, case-insensitively over title and description. The list, its bulk
 * actions and its export read it.
 */
export async function postsMatching(request: Request, params: URLSearchParams) {
  const search = params.get("search") ?? "";
  const posts = await listPosts(request);
  return posts.filter((post) => matchesSearch(search, post.title, post.description));
}

/** The posts the list's search matches, in the list's order. */
export async function* postPages(request: Request, params: URLSearchParams): AsyncGenerator<Post[]> {
  yield await postsMatching(request, params);
}
