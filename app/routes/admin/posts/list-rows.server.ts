/**
 * Every row of the posts list for its query (docs/product.md#bulk-actions): what "Select all
 * matching" acts on, and what an export of the list writes: one page, as the upstream sends every
 * post at once.
 */
import { postsMatching } from "./list.server";
import type { Post } from "~/upstream/contract/posts";

/** The posts the list's search matches, in the list's order. */
export async function* postPages(request: Request, params: URLSearchParams): AsyncGenerator<Post[]> {
  yield await postsMatching(request, params);
}
