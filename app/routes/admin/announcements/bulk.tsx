import type { Route } from "./+types/bulk";
import { ANNOUNCEMENT_TABLE, announcementsBulk } from "./announcement-actions.server";
import { confirmBatch, loadBulkReview, parseSelection } from "~/bulk/bulk-action.server";
import { BulkReviewPage } from "~/bulk/review-page";
import { runOnce, unhandledIntent } from "~/recipe/submission.server";
import { requireUser } from "~/session/user.server";

/** The review page of a bulk action on the list (docs/product.md#bulk-actions). */
export const loader = ({ request }: Route.LoaderArgs) => loadBulkReview(request, announcementsBulk);

/** Confirm: the chosen action of the announcements' table (announcement-actions.server.ts), run as a batch once per one-time key. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request);
  return runOnce({ request, context }, async ({ request, form }) => {
    const selection = parseSelection(request, announcementsBulk);
    if (!selection.ok) return selection.rejected;
    const { intent } = selection.value;
    switch (intent) {
      case "activate":
      case "deactivate":
      case "pin":
      case "unpin":
      case "delete":
        return confirmBatch(request, form, announcementsBulk, selection.value, ANNOUNCEMENT_TABLE.actions[intent]);
      default:
        return unhandledIntent(intent);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Bulk action · Announcements · Admin Dashboard" }];

export default function BulkReview({ loaderData, actionData }: Route.ComponentProps) {
  return <BulkReviewPage review={loaderData} failure={actionData} />;
}
