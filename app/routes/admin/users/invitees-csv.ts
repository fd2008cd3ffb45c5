/**
 * GET /users/:id/invitees.csv?<the user details page's query>: the invitees table of /users/:id,
 * filtered as the page filters it, as a CSV file (docs/product.md#list-exports).
 */
import type { Route } from "./+types/invitees-csv";
import { inviteCsvColumns } from "./invite-csv-columns";
import { inviteFilters, inviteesMatching } from "./invite-rows.server";
import { env } from "~/config/env.server";
import { csvDownload, onePage } from "~/export/csv-download.server";

export function loader({ request, params }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const { status, search } = inviteFilters(query);
  return csvDownload(request, {
    // Members' personal data: a fresh re-authentication first (decision 080).
    personal: true,
    list: "invitees",
    filters: [`user-${params.id}`, status, search],
    columns: inviteCsvColumns("invitedToEmail", env().APP_TIMEZONE),
    pages: onePage(async () => (await inviteesMatching(request, params.id, query)).matching),
  });
}
