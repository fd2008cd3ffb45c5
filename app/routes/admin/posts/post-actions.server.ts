/**
 * The posts screen's action table, its server half (post-actions.ts has the browser's): Delete's
 * label, reason, check, upstream call, toasts and the trail's word (app/recipe/action-table.server.ts).
 * The route's intent schema and `switch`, the bulk action and History read it.
 *
 * Beside it, `postsBulk`: the list's bulk actions (app/bulk/bulk-list.ts), the same entries on the
 * items a selection names or the list's query matches.
 */
import * as z from "zod/mini";

import type { PostIntent } from "./post-actions";
import { type ActionTable, rowIntentSchema, tableIntents, type Found } from "~/recipe/action-table.server";
import { answerOutcome, applyRowAction, tableRowAction, type Outcome } from "~/recipe/outcome.server";
import { deletePost, listPosts } from "~/upstream/moderation.server";
import { postPages } from "./list-rows.server";
import type { BulkList } from "~/bulk/bulk-list";
import { entityId, UNKNOWN_ACTION } from "~/forms/fields";
import { POST_WARN_TEXTS, WARN_TEXTS } from "~/forms/warning";
import { replaceWithError, replaceWithSuccess } from "~/session/toast.server";
import type { Post } from "~/upstream/contract/posts";
import { isUpstreamError } from "~/upstream/errors";
import { type Warning, warnAction } from "~/routes/admin/users/user-actions.server";

/**
 * The post's current state: the post as the list holds it, or null when it is gone (the upstream
 * has no get-one call: the list says), with its title and author, which the audit entry names.
 */
async function readPost(request: Request, id: string): Promise<Found<Post | null>> {
  const post = (await listPosts(request)).find((candidate) => candidate.id === id);
  return { name: post?.title ?? null, owner: post?.user?.id ?? null, state: post ?? null };
}

/** The posts screen's actions (docs/product.md#posts); a post's state is the post, null once it is gone. */
export const POST_TABLE: ActionTable<PostIntent, Post | null> = {
  kind: "post",
  read: readPost,
  actions: {
    delete: {
      label: "Delete",
      reason: "delete",
      stale: (post) => (post ? null : "This post has already been deleted"),
      send: deletePost,
      done: "Post deleted successfully",
      failed: "Failed to delete post",
      records: "deleted",
      goneIsDone: true,
    },
  },
};

const POST_ID_REQUIRED = "Post id is required";

/** The posts screen's posts: one of the table's intents, on one post. */
export const PostRowActionSchema = rowIntentSchema(tableIntents(POST_TABLE), POST_ID_REQUIRED);

/**
 * The posts list's posts (docs/product.md#posts): the table's row actions, and "Delete and warn
 * the author" (its reason and message are Warn's form: readWarning). Not a table entry: the
 * table's entries are also bulk actions, and this one is the table's Delete then Warn (decision 083).
 */
export const PostListActionSchema = z.discriminatedUnion(
  "intent",
  [PostRowActionSchema, z.object({ intent: z.literal("delete-and-warn"), id: entityId(POST_ID_REQUIRED) })],
  { error: UNKNOWN_ACTION },
);

/** Whether a post has an author the panel can warn: "Delete and warn the author" is offered and accepted only then. */
export const warnableAuthor = (post: Pick<Post, "user">): string | null => post.user?.id ?? null;

/**
 * "Delete and warn the author" (docs/product.md#posts, decision 083): the table's Delete through
 * the outcome core (the post's claim, its read, refused when it is gone or has no author), and
 * only once it is done, Warn on the author as read (the member's claim, the strike naming the
 * post, one push). Each writes its own audit entry: the post's deletion, the member's warning.
 * A delete that does not happen warns nobody; a warning that cannot be recorded is said beside
 * the deletion, which stands.
 */
export async function deleteAndWarn(request: Request, back: string, id: string, warning: Warning) {
  const remove = tableRowAction(request, POST_TABLE, "delete", id);
  const deleted = await applyRowAction(request, {
    ...remove,
    stale: async (post) =>
      (await remove.stale?.(post)) ?? (post && warnableAuthor(post) ? null : POST_WARN_TEXTS.noAuthor),
  });
  const post = deleted.found?.state;
  const author = post ? warnableAuthor(post) : null;
  if (deleted.outcome.result !== "done" || !post || !author)
    return answerOutcome(request, back, deleted.outcome, remove);

  const removed = (deleted.outcome.message || POST_TABLE.actions.delete.done).replace(/[.!\s]+$/, "");
  const warned = await applyRowAction(
    request,
    warnAction(request, author, { ...warning, post: { id, title: post.title } }),
  );
  if (warned.outcome.result === "done")
    return replaceWithSuccess(request, back, `${removed}. ${warned.outcome.message ?? WARN_TEXTS.sent}`);
  return replaceWithError(request, back, `${removed}, ${POST_WARN_TEXTS.notWarned}: ${whyNot(warned.outcome)}`);
}

/** Why an action that is not done did not happen, in the server's words where it gave some. */
function whyNot(outcome: Exclude<Outcome, { result: "done" }>): string {
  if (outcome.result === "refused") return outcome.why;
  return isUpstreamError(outcome.error) ? outcome.error.messageOr(WARN_TEXTS.failed) : WARN_TEXTS.failed;
}

/** What the list's bulk action acts on (docs/product.md#bulk-actions): the table, on the posts the list holds. */
export const postsBulk: BulkList<Post | null, Post, PostIntent> = {
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
        return [id, post ? postsBulk.fromRow(post) : { id, name: "", state: null }];
      }),
    );
  },
  pages: postPages,
  fromRow: (post) => ({ id: post.id, name: post.title, owner: post.user?.id ?? null, state: post }),
  // A post has no page of its own: the list, searched for its title.
  itemHref: ({ name }) => `/posts?${new URLSearchParams({ search: name })}`,
};
