import type { Route } from "./+types/bulk-results";
import { announcementsBulk } from "./bulk.server";
import { loadBulkResults, retryBulk } from "~/bulk/bulk-routes.server";
import { BulkResultsPage } from "~/bulk/results-page";

/** The results page of a bulk action on the list (docs/product.md#bulk-actions). */
export const loader = (args: Route.LoaderArgs) => loadBulkResults(args, announcementsBulk);

/** "Retry failed": a new batch of the failed items, each read again first. */
export const action = (args: Route.ActionArgs) => retryBulk(args, announcementsBulk);

export const meta: Route.MetaFunction = () => [{ title: "Bulk action results · Announcements · Admin Dashboard" }];

export default function BulkResults({ loaderData }: Route.ComponentProps) {
  return <BulkResultsPage results={loaderData} />;
}
