/**
 * The posts screen's action table, its server half (post-actions.ts has the browser's): Delete's
 * label, reason, check, upstream call, toasts and the trail's word (app/recipe/action.server.ts).
 * The route's intent schema and `switch`, the bulk action and History read it.
 */
import type { PostIntent } from "./post-actions";
import { type ActionTable, rowIntentSchema, tableIntents } from "~/recipe/action.server";
import type { Found } from "~/recipe/outcome.server";
import { deletePost, listPosts } from "~/upstream/moderation.server";

/**
 * The post's current state: whether it still exists (the upstream has no get-one call: the list
 * says), with its title and author, which the audit entry names.
 */
async function readPost(request: Request, id: string): Promise<Found<boolean>> {
  const post = (await listPosts(request)).find((candidate) => candidate.id === id);
  return { name: post?.title ?? null, owner: post?.user?.id ?? null, state: post !== undefined };
}

/** The posts screen's actions (docs/product.md#posts); a post's state is whether it still exists. */
export const POST_TABLE: ActionTable<PostIntent, boolean> = {
  kind: "post",
  read: readPost,
  actions: {
    delete: {
      label: "Delete",
      reason: "delete",
      stale: (exists) => (exists ? null : "This post has already been deleted"),
      send: deletePost,
      done: "Post deleted successfully",
      failed: "Failed to delete post",
      records: "deleted",
      goneIsDone: true,
    },
  },
};

/** The posts screen's posts: one of the table's intents, on one post. */
export const PostRowActionSchema = rowIntentSchema(tableIntents(POST_TABLE), "Post id is required");
