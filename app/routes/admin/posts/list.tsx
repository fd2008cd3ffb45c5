import { ChatBubbleLeftRightIcon, ExclamationTriangleIcon } from "@heroicons/react/24/outline";
import { data, useLocation, useSearchParams } from "react-router";

import type { Route } from "./+types/list";
import { PostCard } from "~/components/moderation/post-card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { SearchFilters } from "~/components/ui/search-filters";
import { env } from "~/config/env.server";
import { parseForm, submittedForm } from "~/forms/form-data.server";
import { PostActionSchema } from "~/forms/moderation";
import { rejectedAction } from "~/forms/rejected-action.server";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { redirectWithError, redirectWithSuccess } from "~/session/toast.server";
import { failureMessage, isUpstreamError } from "~/upstream/errors";
import { deletePost, listPosts, matchesSearch, toPostCard } from "~/upstream/moderation.server";

export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams.get("search") ?? "";
  try {
    const posts = await listPosts(request);
    const { APP_TIMEZONE } = env();
    // The upstream has no search: filter here, case-insensitively over title and description.
    const matching = posts.filter((post) => matchesSearch(search, post.title, post.description));
    return { posts: matching.map((post) => toPostCard(post, APP_TIMEZONE)), search, error: null };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return data({ posts: [], search, error: LIST_LOAD_ERROR }, { status: 502 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const back = closeDialogHref(url.pathname, url.search);
  const form = parseForm(await submittedForm(request), PostActionSchema);
  if (!form.ok) return rejectedAction(form);
  try {
    const message = await deletePost(request, form.data.id);
    return redirectWithSuccess(request, back, message.trim() || "Post deleted successfully");
  } catch (error) {
    return redirectWithError(request, back, failureMessage(error, "Failed to delete post"));
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Forum Posts · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { posts, search, error } = loaderData;
  const location = useLocation();
  const [params] = useSearchParams();
  const toDelete = params.get("confirm") === "delete" ? posts.find((post) => post.id === params.get("id")) : undefined;

  return (
    <div className="space-y-6">
      <PageHeader title="Forum Posts" subtitle="Manage and view all community posts" />
      <SearchFilters search={{ value: search, placeholder: "Search posts..." }} label="Search posts" />
      {error ? (
        <EmptyState card tone="error" icon={ExclamationTriangleIcon} title={error} />
      ) : posts.length === 0 ? (
        <EmptyState
          card
          icon={ChatBubbleLeftRightIcon}
          title="No Posts Found"
          description={search ? "No posts match your search criteria." : "No posts have been created yet."}
        />
      ) : (
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
      )}
      {toDelete ? (
        <ConfirmDialog
          title="Delete Post"
          description="Are you sure you want to delete this post? This action cannot be undone."
          fields={{ intent: "delete", id: toDelete.id }}
          cancelTo={closeDialogHref(location.pathname, location.search)}
          confirmLabel="Delete"
        />
      ) : null}
    </div>
  );
}
