import { data } from "react-router";

import { env } from "~/config/env.server";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { rowIntent, screenAction } from "~/recipe/screen-action.server";
import { isUpstreamError, screenStatus } from "~/upstream/errors";
import { toPostCard } from "~/components/moderation/rows.server";
import { matchesSearch } from "~/lib/search";
import { deletePost, listPosts } from "~/upstream/moderation.server";

/** Every post matching the search, as cards (docs/product.md#posts). */
export async function loadPosts(request: Request) {
  const search = new URL(request.url).searchParams.get("search") ?? "";
  try {
    const posts = await listPosts(request);
    const { APP_TIMEZONE } = env();
    // The upstream has no search: filter here, case-insensitively over title and description.
    const matching = posts.filter((post) => matchesSearch(search, post.title, post.description));
    return { posts: matching.map((post) => toPostCard(post, APP_TIMEZONE)), search, error: null };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return data({ posts: [], search, error: LIST_LOAD_ERROR }, { status: screenStatus(error) });
  }
}

/** The posts screen's action: delete, once the post is checked to still exist. */
export const postsAction = screenAction({
  delete: rowIntent({
    current: async (request, id) => (await listPosts(request)).some((post) => post.id === id),
    stale: (exists: boolean) => (exists ? null : "This post has already been deleted"),
    send: deletePost,
    done: "Post deleted successfully",
    failed: "Failed to delete post",
    badId: "Post id is required",
  }),
});
