/**
 * The posts screen's action table, its server half (post-actions.ts has the browser's): Delete's
 * label, reason, check, upstream call, toasts and the trail's word (app/recipe/action.server.ts).
 * The route's intent schema and `switch`, the bulk action and History read it.
 *
 * Beside it, `postsBulk`: the list's bulk actions (app/bulk/bulk-list.ts), the same entries on the
 * items a selection names or the list's query matches.
 */
import type { PostIntent } from "./post-actions";
import { type ActionTable, rowIntentSchema, tableIntents } from "~/recipe/action.server";
import type { Found } from "~/recipe/outcome.server";
import { deletePost, listPosts } from "~/upstream/moderation.server";
import { postPages } from "./list-rows.server";
import type { BulkList } from "~/bulk/bulk-list";
import type { Post } from "~/upstream/contract/posts";

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

/** What the list's bulk action acts on (docs/product.md#bulk-actions): the table, on the posts the list holds. */
export const postsBulk: BulkList<boolean, Post, PostIntent> = {
  path: "posts",
  title: "Forum Posts",
  noun: { one: "post", many: "posts" },
  table: POST_TABLE,
  // The upstream has no get-one call: the list says which posts exist (the table's read). One it
  // does not hold is gone: deleted meanwhile, or never there, which the upstream cannot tell
  // apart. It has no name then: the audit names it by its kind and id ('post 30'), the results
  // page by its id, each once.
  find: async (request, ids) => {
    const posts = new Map((await listPosts(request)).map((post) => [post.id, post]));
    return new Map(
      ids.map((id) => {
        const post = posts.get(id);
        return [id, post ? postsBulk.fromRow(post) : { id, name: "", state: false }];
      }),
    );
  },
  pages: postPages,
  fromRow: (post) => ({ id: post.id, name: post.title, owner: post.user?.id ?? null, state: true }),
  // A post has no page of its own: the list, searched for its title.
  itemHref: ({ name }) => `/posts?${new URLSearchParams({ search: name })}`,
};
