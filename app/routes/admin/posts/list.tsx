import { type ShouldRevalidateFunction, useLocation } from "react-router";

import type { Route } from "./+types/list";
import { loadPosts } from "./list.server";
import { POST_CONFIRMATIONS } from "./post-actions";
import { deleteAndWarn, POST_TABLE, PostListActionSchema } from "./post-actions.server";
import { readWarning } from "~/routes/admin/users/user-actions.server";
import { PostCard } from "~/components/moderation/post-card";
import { DownloadCsvLink } from "~/components/ui/download-csv-link";
import { BulkSelection } from "~/components/ui/bulk-selection";
import { EmptyState } from "~/components/ui/empty-state";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { PageHeader } from "~/components/ui/page-header";
import { SearchFilters } from "~/components/ui/search-filters";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { ReloadingRegion } from "~/components/ui/reloading-region";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { rowAction, tableRowAction } from "~/recipe/outcome.server";

// The delete confirmation loads when it opens, not with the list (decision 026).
const ConfirmDialog = lazyDialog(() => import("~/components/ui/confirm-dialog").then((module) => module.ConfirmDialog));
// "Delete and warn the author" too (docs/product.md#posts).
const PostWarnDialog = lazyDialog(() => import("./warn-dialog").then((module) => module.PostWarnDialog));

/** The confirmation of "Delete and warn the author": `?confirm=delete-and-warn&id=<id>`. */
const DELETE_AND_WARN = "delete-and-warn";

export function loader({ request }: Route.LoaderArgs) {
  return loadPosts(request);
}

/**
 * Delete (docs/product.md#posts), once the post is checked to still exist; "Delete and warn the
 * author": the same Delete, then Warn on its author (decision 083).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, PostListActionSchema);
    if (!submission.ok) return submission.rejected;
    const { intent, id } = submission.value;
    switch (intent) {
      case "delete":
        return rowAction(request, back, tableRowAction(request, POST_TABLE, intent, id));
      case "delete-and-warn": {
        // Warn's reason and message (docs/product.md#warnings-and-strikes), checked before anything is sent.
        const read = readWarning(request, form);
        if (!read.ok) return read.rejected;
        return deleteAndWarn(request, back, id, read.warning);
      }
      default:
        return unhandledIntent(intent);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Forum Posts · Admin Dashboard" }];

/** Opening "Delete and warn the author" loads its saved warnings (the loader's picker); other dialogs load nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  skipRevalidationForDialogs(args, (params) => params.get("confirm") === DELETE_AND_WARN);

export default function Posts({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, search, bulk, can, error, warnPicker } = loaderData;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const confirm = params.get("confirm");

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
                      warnHref={
                        can.warn && post.warnable
                          ? dialogHref(location.pathname, location.search, { confirm: DELETE_AND_WARN, id: post.id })
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
      {confirm === DELETE_AND_WARN ? (
        can.warn ? (
          <PostWarnDialog
            post={posts.find((post) => post.id === params.get("id"))}
            closeTo={closeDialogHref(location.pathname, location.search)}
            failure={actionData && "errors" in actionData ? actionData : null}
            picker={warnPicker}
            here={location.pathname}
            keep={[...params].filter(([name]) => name !== "saved")}
          />
        ) : null
      ) : confirm ? (
        <ConfirmDialog confirmations={POST_CONFIRMATIONS} rows={posts} />
      ) : null}
    </div>
  );
}
