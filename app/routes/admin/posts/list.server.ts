import { env } from "~/config/env.server";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { loadFailure } from "~/recipe/failure.server";
import { toPostCard } from "~/components/moderation/rows.server";
import { matchesSearch } from "~/lib/search";
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

/** Every post matching the search, as cards (docs/product.md#posts). */
export async function loadPosts(request: Request) {
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const { APP_TIMEZONE, BULK_MAX: bulkMax } = env();
  try {
    const matching = await postsMatching(request, params);
    return { posts: matching.map((post) => toPostCard(post, APP_TIMEZONE)), search, bulkMax, error: null };
  } catch (error) {
    return loadFailure(error, { posts: [], search, bulkMax, error: LIST_LOAD_ERROR });
  }
}

/** The post's current state: whether it still exists (the upstream has no get-one call: the list says). */
export async function postExists(request: Request, id: string) {
  return (await listPosts(request)).some((post) => post.id === id);
}

/** A post that is gone: deleting it no longer applies. */
export const postGone = (exists: boolean) => (exists ? null : "This post has already been deleted");
