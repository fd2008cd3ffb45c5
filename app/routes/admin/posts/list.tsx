import { useLocation } from "react-router";

import type { Route } from "./+types/list";
import { loadPosts, postExists, postGone } from "./list.server";
import { PostDialogs as ServerPostDialogs } from "./post-dialogs";
import { loadPostDialogs } from "./post-dialogs.client";
import { PostCard } from "~/components/moderation/post-card";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { SearchFilters } from "~/components/ui/search-filters";
import { lazyComponent } from "~/forms/lazy-component";
import { dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { ReloadingRegion } from "~/components/ui/reloading-region";
import { PostActionSchema } from "~/forms/moderation.server";
import { parseSubmission, rowAction, runOnce, unhandledIntent } from "~/recipe/action.server";
import { deletePost } from "~/upstream/moderation.server";

// The delete confirmation loads when it opens, not with the list (decision 026).
const { Component: PostDialogs, provide: providePostDialogs } = lazyComponent(loadPostDialogs);

export function loader({ request }: Route.LoaderArgs) {
  // The server renders the confirmation from its own bundle: a URL with it open has it in the HTML.
  providePostDialogs(ServerPostDialogs);
  return loadPosts(request);
}

/** Delete (docs/product.md#posts), once the post is checked to still exist. */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, PostActionSchema);
    if (!submission.ok) return submission.rejected;
    const { intent, id } = submission.value;
    switch (intent) {
      case "delete":
        return rowAction(request, back, {
          current: () => postExists(request, id),
          stale: postGone,
          send: () => deletePost(request, id),
          done: "Post deleted successfully",
          failed: "Failed to delete post",
        });
      default:
        return unhandledIntent(intent);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Forum Posts · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { posts, search, error } = loaderData;
  const location = useLocation();

  return (
    <div className="space-y-6">
      <PageHeader title="Forum Posts" subtitle="Manage and view all community posts" />
      <SearchFilters search={{ value: search, placeholder: "Search posts..." }} label="Search posts" />
      {error ? (
        <EmptyState card tone="error" title={error} />
      ) : posts.length === 0 ? (
        <EmptyState
          card
          icon="outline-chat-bubble-left-right"
          title="No Posts Found"
          description={search ? "No posts match your search criteria." : "No posts have been created yet."}
        />
      ) : (
        <ReloadingRegion label="Posts">
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id} className="flex">
                <PostCard
                  post={post}
                  deleteHref={dialogHref(location.pathname, location.search, { confirm: "delete", id: post.id })}
                />
              </li>
            ))}
          </ul>
        </ReloadingRegion>
      )}
      {new URLSearchParams(location.search).has("confirm") ? <PostDialogs rows={posts} /> : null}
    </div>
  );
}
