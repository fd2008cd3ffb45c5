/** Forum posts: the list (newest first) and deletion. */
import { postEndpoints } from "../../app/upstream/contract/posts.ts";
import { notFound } from "../errors.ts";
import type { Router } from "../router.ts";
import { postView } from "../views.ts";
import { newestFirst, parseId } from "./lookup.ts";

/** Registers the /posts routes. */
export function registerPostRoutes(router: Router): void {
  router.add(postEndpoints.list, "staff", ({ store, origin }) => ({
    body: {
      data: {
        data: newestFirst(store.data.posts, (post) => post.createdAt).map((post) => postView(post, store.data, origin)),
      },
    },
  }));

  router.add(postEndpoints.remove, "admin", ({ store, params }) => {
    const id = parseId(params.id);
    const before = store.data.posts.length;
    store.data.posts = store.data.posts.filter((post) => post.id !== id);
    if (store.data.posts.length === before) throw notFound("Post not found");
    store.changed();
    return { body: { message: "Post deleted successfully" } };
  });
}
