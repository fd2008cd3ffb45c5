import type { Route } from "./+types/list";
import { BADGE_CONFIRMATIONS } from "./badge-actions";
import { BADGE_TABLE, decideBadgeAction } from "./badge-actions.server";
import { badgesMatching } from "./list-rows.server";
import { QUEUE_PATH } from "./review-links";
import { ButtonLink } from "~/components/ui/button";
import { BadgeRequestTable } from "~/components/moderation/badge-request-table";
import { DownloadCsvLink } from "~/components/ui/download-csv-link";
import { BulkSelection } from "~/components/ui/bulk-selection";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { SearchFilters } from "~/components/ui/search-filters";
import { skipRevalidationForDialogs } from "~/lib/dialog-url";
import { bulkSelectionView, bulkSelectionWithoutRows } from "~/components/ui/bulk-selection.server";
import { env } from "~/config/env.server";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { paginate, parsePaging } from "~/lib/pagination";
import { bulkChoices } from "~/recipe/action-table.server";
import { loadFailure } from "~/recipe/failure.server";
import { toBadgeRow } from "~/components/moderation/rows.server";
import { listPendingBadges } from "~/upstream/moderation.server";
import { may, maySee, mayPost } from "~/session/permissions";
import { requireUser } from "~/session/user.server";

/** The bulk decisions on requests (docs/product.md#bulk-selection): the screen's table, labelled as its row actions. */
const BADGE_BULK_ACTIONS = bulkChoices(BADGE_TABLE);

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const paging = parsePaging(params);
  const { BULK_MAX: max } = env();
  // What the admin's role offers (permissions.ts): nothing else is rendered, nor sent to the page.
  const { panelRole: role } = await requireUser(request);
  const can = { decide: may(role, "decide-citizenship"), export: may(role, "export"), personal: maySee(role, "phone") };
  const actions = BADGE_BULK_ACTIONS.filter(([intent]) => mayPost(role, "/badge-requests/bulk", intent));
  try {
    const badges = await listPendingBadges(request);
    const matching = badgesMatching(badges, search, can.personal).map((badge) => toBadgeRow(badge, can.personal));
    const { items, pageInfo } = paginate(matching, paging);
    const bulk = bulkSelectionView(request, {
      actions,
      rows: items.map((row) => row.id),
      matching: search.trim() ? pageInfo.total : null,
      max,
      paged: pageInfo.totalPages > 1,
    });
    return { rows: items, pageInfo, search, bulk, can, error: null };
  } catch (error) {
    const bulk = bulkSelectionWithoutRows(request, actions, max);
    return loadFailure(error, { rows: [], pageInfo: undefined, search, bulk, can, error: LIST_LOAD_ERROR });
  }
}

/** Approve and reject (docs/product.md#citizenship-requests): one action with the dashboard, in badge-actions.server.ts. */
export const action = (args: Route.ActionArgs) => decideBadgeAction(args);

export const meta: Route.MetaFunction = () => [{ title: "Citizenship Requests · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

export default function BadgeRequests({ loaderData }: Route.ComponentProps) {
  const { rows, pageInfo, search, bulk, can, error } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Citizenship Requests"
        subtitle="Review pending citizenship (badge) requests"
        actions={
          <>
            {can.export ? <DownloadCsvLink csvPath="/badge-requests.csv" /> : null}
            {can.decide ? <ButtonLink to={QUEUE_PATH}>Review one at a time</ButtonLink> : null}
          </>
        }
      />
      <SearchFilters
        search={{ value: search, placeholder: "Search by name, email or phone..." }}
        label="Search requests"
      />
      {error ? (
        <EmptyState card tone="error" title={error} />
      ) : (
        <>
          <BulkSelection view={bulk}>
            <BadgeRequestTable
              confirmations={BADGE_CONFIRMATIONS}
              selectable={bulk.actions.length > 0}
              decide={can.decide}
              compact={!can.personal}
              rows={rows}
              pageInfo={pageInfo}
              empty={
                <EmptyState
                  icon="outline-shield-check"
                  title="No Pending Requests"
                  description={
                    search
                      ? "No requests match your search criteria."
                      : "There are no citizenship requests waiting for review."
                  }
                />
              }
            />
          </BulkSelection>
        </>
      )}
    </div>
  );
}
