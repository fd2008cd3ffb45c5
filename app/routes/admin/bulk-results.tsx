import type { Route } from "./+types/bulk-results";
import { bulkListOf } from "./bulk-lists.server";
import {
  batchOf,
  BulkResultsActionSchema,
  loadBulkResults,
  resendMessages,
  retryBatch,
} from "~/bulk/bulk-routes.server";
import { BulkResultsPage } from "~/bulk/results-page";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/action.server";
import { requireUser } from "~/session/user.server";
import { requireIntent } from "~/recipe/route-guard.server";

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
