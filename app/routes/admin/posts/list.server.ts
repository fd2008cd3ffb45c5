import { postsMatching } from "./list-rows.server";
import { POST_TABLE } from "./post-actions.server";
import { bulkSelectionView } from "~/components/ui/bulk-selection.server";
import { env } from "~/config/env.server";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { bulkChoices } from "~/recipe/action.server";
import { loadFailure } from "~/recipe/failure.server";
import { toPostCard } from "~/components/moderation/rows.server";
import { may, mayPost } from "~/session/permissions";
import { requireUser } from "~/session/user.server";

/** The bulk action on posts (docs/product.md#bulk-selection): the screen's table, labelled as its row action. */
const POST_BULK_ACTIONS = bulkChoices(POST_TABLE);

/** Every post matching the search, as cards (docs/product.md#posts). */
export async function loadPosts(request: Request) {
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const { APP_TIMEZONE, BULK_MAX: max } = env();
  // What the admin's role offers (permissions.ts).
  const { panelRole: role } = await requireUser(request);
  const can = { delete: may(role, "delete-post"), export: may(role, "export") };
  const actions = POST_BULK_ACTIONS.filter(([intent]) => mayPost(role, "/posts/bulk", intent));
  try {
    const matching = await postsMatching(request, params);
    return {
      posts: matching.map((post) => toPostCard(post, APP_TIMEZONE)),
      search,
      can,
      // One page: every matching post shows.
      bulk: bulkSelectionView(request, {
        actions,
        rows: matching.map((post) => post.id),
        matching: search.trim() ? matching.length : null,
        max,
        paged: false,
      }),
      error: null,
    };
  } catch (error) {
    const bulk = bulkSelectionView(request, {
      actions,
      rows: [],
      matching: null,
      max,
      paged: false,
    });
    return loadFailure(error, { posts: [], search, can, bulk, error: LIST_LOAD_ERROR });
  }
}
