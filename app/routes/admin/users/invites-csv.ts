/**
 * GET /users/:id/invites.csv?<the invites page's query>: the invites a user sent, as the page
 * /users/view-invites/:id filters them, as a CSV file (docs/product.md#list-exports).
 */
import type { Route } from "./+types/invites-csv";
import { inviteCsvColumns } from "./invite-csv-columns";
import { inviteFilters, userInvitesMatching } from "./invite-rows.server";
import { env } from "~/config/env.server";
import { csvDownload, onePage } from "~/export/csv-download.server";

export function loader({ request, params }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const { status, search } = inviteFilters(query);
  return csvDownload(request, {
    // Members' personal data: a fresh re-authentication first (decision 080).
    personal: true,
    list: "invites",
    filters: [`user-${params.id}`, status, search],
    columns: inviteCsvColumns("invitedTo", env().APP_TIMEZONE),
    pages: onePage(async () => (await userInvitesMatching(request, params.id, query)).matching),
  });
}
