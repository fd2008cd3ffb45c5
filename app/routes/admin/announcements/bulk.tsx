import type { Route } from "./+types/bulk";
import { announcementsBulk } from "./bulk.server";
import { confirmBulk, loadBulkReview } from "~/bulk/bulk-routes.server";
import { BulkReviewPage } from "~/bulk/review-page";

/** The review page of a bulk action on the list (docs/product.md#bulk-actions). */
export const loader = (args: Route.LoaderArgs) => loadBulkReview(args, announcementsBulk);

/** Confirm: runs the batch once per one-time key and shows its results. */
export const action = (args: Route.ActionArgs) => confirmBulk(args, announcementsBulk);

export const meta: Route.MetaFunction = () => [{ title: "Bulk action · Announcements · Admin Dashboard" }];

export default function BulkReview({ loaderData, actionData }: Route.ComponentProps) {
  return <BulkReviewPage review={loaderData} failure={actionData} />;
}
