import type { Route } from "./+types/bulk-results";
import { announcementsBulk } from "./announcements/announcement-actions.server";
import { badgeRequestsBulk } from "./badge-requests/badge-actions.server";
import { postsBulk } from "./posts/post-actions.server";
import { usersBulk } from "./users/user-actions.server";
import type { BulkList } from "~/bulk/bulk-list";
import { pageError } from "~/lib/page-error";
import {
  batchOf,
  BulkResultsActionSchema,
  loadBulkResults,
  resendMessages,
  retryBatch,
} from "~/bulk/bulk-routes.server";
import { BulkResultsPage } from "~/bulk/results-page";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { requireUser } from "~/session/user.server";
import { requireIntent } from "~/recipe/route-guard.server";

/**
 * A list as the results page handles it: its items' state and rows only pass between the list's
 * own functions (a batch is read, run and retried by the list that made it), so this route need
 * not know their types.
 */
type AnyBulkList = BulkList<unknown, unknown>;
const anyList = <S, R, K extends string>(list: BulkList<S, R, K>) => list as unknown as AnyBulkList;

/**
 * The list a results URL is on (`/users/bulk/{batchId}`: users), among the lists with bulk actions;
 * 404 for a path no list has. The lists are named inside the function the loader and the action
 * call, so no server-only module reaches the browser's bundle.
 */
function bulkListOf(request: Request): AnyBulkList {
  const path = new URL(request.url).pathname.split("/")[1] ?? "";
  const lists = [anyList(usersBulk), anyList(badgeRequestsBulk), anyList(postsBulk), anyList(announcementsBulk)];
  const list = lists.find((each) => each.path === path);
  if (!list) throw pageError(404, "Not found");
  return list;
}

/** The results page of a bulk action on a list (docs/product.md#bulk-actions): `/{list}/bulk/{batchId}`. */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  loadBulkResults(request, bulkListOf(request), params.batchId);

/** Retry: a new batch of the items that did not end done, each read again first; or the members' messages again. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request);
  return runOnce({ request, context }, async ({ request, form }) => {
    const submission = parseSubmission(form, BulkResultsActionSchema);
    if (!submission.ok) return submission.rejected;
    const list = bulkListOf(request);
    const batch = await batchOf(list, params.batchId);
    // A Retry runs the batch's action again: the role must be one that may (permissions.ts).
    await requireIntent(request, `/${list.path}/bulk`, batch.action);
    const { intent } = submission.value;
    switch (intent) {
      case "retry":
        return retryBatch(request, list, batch);
      case "resend":
        return resendMessages(request, list, batch);
      default:
        return unhandledIntent(intent);
    }
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: ["Bulk action results", loaderData?.title, "Admin Dashboard"].filter(Boolean).join(" · ") },
];

export default function BulkResults({ loaderData }: Route.ComponentProps) {
  return <BulkResultsPage results={loaderData} />;
}
