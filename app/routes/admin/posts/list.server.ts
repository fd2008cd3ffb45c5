import { postsMatching } from "./list-rows.server";
import { POST_TABLE } from "./post-actions.server";
import { bulkSelectionView } from "~/components/ui/bulk-selection.server";
import { env } from "~/config/env.server";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { bulkChoices } from "~/recipe/action.server";
import { loadFailure } from "~/recipe/failure.server";
import { toPostCard } from "~/components/moderation/rows.server";

/** The bulk action on posts (docs/product.md#bulk-selection): the screen's table, labelled as its row action. */
const POST_BULK_ACTIONS = bulkChoices(POST_TABLE);

/** Every post matching the search, as cards (docs/product.md#posts). */
export async function loadPosts(request: Request) {
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const { APP_TIMEZONE, BULK_MAX: max } = env();
  try {
    const matching = await postsMatching(request, params);
    return {
      posts: matching.map((post) => toPostCard(post, APP_TIMEZONE)),
      search,
      // One page: every matching post shows.
      bulk: bulkSelectionView(request, {
        actions: POST_BULK_ACTIONS,
        rows: matching.map((post) => post.id),
        matching: search.trim() ? matching.length : null,
        max,
        paged: false,
      }),
      error: null,
    };
  } catch (error) {
    const bulk = bulkSelectionView(request, {
      actions: POST_BULK_ACTIONS,
      rows: [],
      matching: null,
      max,
      paged: false,
    });
    return loadFailure(error, { posts: [], search, bulk, error: LIST_LOAD_ERROR });
  }
}
