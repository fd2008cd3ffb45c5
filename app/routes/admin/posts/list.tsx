import { useLocation } from "react-router";

import type { Route } from "./+types/list";
import { loadPosts } from "./list.server";
import { POST_CONFIRMATIONS } from "./post-actions";
import { POST_TABLE, PostRowActionSchema } from "./post-actions.server";
import { PostCard } from "~/components/moderation/post-card";
import { DownloadCsvLink } from "~/components/ui/download-csv-link";
import { BulkSelection } from "~/components/ui/bulk-selection";
import { EmptyState } from "~/components/ui/empty-state";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { PageHeader } from "~/components/ui/page-header";
import { SearchFilters } from "~/components/ui/search-filters";
import { dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { ReloadingRegion } from "~/components/ui/reloading-region";
import { parseSubmission, rowAction, runOnce, unhandledIntent, tableRowAction } from "~/recipe/action.server";

// The delete confirmation loads when it opens, not with the list (decision 026).
const ConfirmDialog = lazyDialog(() => import("~/components/ui/confirm-dialog").then((module) => module.ConfirmDialog));

export function loader({ request }: Route.LoaderArgs) {
  return loadPosts(request);
}

/** Delete (docs/product.md#posts), once the post is checked to still exist. */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, PostRowActionSchema);
    if (!submission.ok) return submission.rejected;
    const { intent, id } = submission.value;
    switch (intent) {
      case "delete":
        return rowAction(request, back, tableRowAction(request, POST_TABLE, intent, id));
      default:
        return unhandledIntent(intent);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Forum Posts · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { posts, search, bulk, can, error } = loaderData;
  const location = useLocation();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Forum Posts"
        subtitle="Manage and view all community posts"
        actions={can.export ? <DownloadCsvLink csvPath="/posts.csv" /> : null}
      />
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
        <>
          <BulkSelection view={bulk}>
            <ReloadingRegion label="Posts">
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {posts.map((post) => (
                  <li key={post.id} className="flex">
                    <PostCard
                      selectable={bulk.actions.length > 0}
                      post={post}
                      deleteHref={
                        can.delete
                          ? dialogHref(location.pathname, location.search, { confirm: "delete", id: post.id })
                          : undefined
                      }
                    />
                  </li>
                ))}
              </ul>
            </ReloadingRegion>
          </BulkSelection>
        </>
      )}
      {new URLSearchParams(location.search).has("confirm") ? (
        <ConfirmDialog confirmations={POST_CONFIRMATIONS} rows={posts} />
      ) : null}
    </div>
  );
}
