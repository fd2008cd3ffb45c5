/** What the posts list's bulk action acts on (docs/product.md#bulk-actions): the screen's table (post-actions.server.ts), on the posts the list holds. */
import { postPages } from "./list-rows.server";
import type { PostIntent } from "./post-actions";
import { POST_TABLE } from "./post-actions.server";
import type { BulkList } from "~/bulk/bulk-list";
import type { Post } from "~/upstream/contract/posts";
import { listPosts } from "~/upstream/moderation.server";

/** A post's state for the check: whether it still exists. */
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
