import { postsMatching } from "./list-rows.server";
import { POST_TABLE, warnableAuthor } from "./post-actions.server";
import { savedMessagePicker } from "~/components/moderation/saved-message-picker.server";
import { bulkSelectionView, bulkSelectionWithoutRows } from "~/components/ui/bulk-selection.server";
import { env } from "~/config/env.server";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { bulkChoices } from "~/recipe/action-table.server";
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
  const can = {
    delete: may(role, "delete-post"),
    warn: mayPost(role, "/posts", "delete-and-warn"),
    export: may(role, "export"),
  };
  const actions = POST_BULK_ACTIONS.filter(([intent]) => mayPost(role, "/posts/bulk", intent));
  // The saved warnings (docs/product.md#saved-messages), read while "Delete and warn the author" is open.
  const warnPicker =
    can.warn && params.get("confirm") === "delete-and-warn" ? savedMessagePicker(request, "warn") : null;
  try {
    const matching = await postsMatching(request, params);
    return {
      // A post without an author (its account deleted) offers no warning.
      posts: matching.map((post) => ({ ...toPostCard(post, APP_TIMEZONE), warnable: warnableAuthor(post) !== null })),
      search,
      can,
      warnPicker: await warnPicker,
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
    const bulk = bulkSelectionWithoutRows(request, actions, max);
    return loadFailure(error, { posts: [], search, can, bulk, warnPicker: null, error: LIST_LOAD_ERROR });
  }
}
