import type { Route } from "./+types/invites";
import { BackLink, INVITE_STATUS_OPTIONS, inviteColumns } from "./shared";
import { DownloadCsvLink } from "~/components/ui/download-csv-link";
import { may } from "~/session/permissions";
import { requireUser } from "~/session/user.server";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { SearchFilters } from "~/components/ui/search-filters";
import { env } from "~/config/env.server";
import { formatDate } from "~/lib/format";
import { paginate, parsePaging } from "~/lib/pagination";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { loadFailure } from "~/recipe/failure.server";
import { inviteFilters, userInvitesMatching } from "./invite-rows.server";

/** Invite statuses shown as badges on this screen (docs/product.md#user-invites); others are shown raw. */
const INVITE_STATUSES = ["pending", "approved", "rejected"] as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const filters = inviteFilters(search);
  const timeZone = env().APP_TIMEZONE;
  const canExport = may((await requireUser(request)).panelRole, "export");

  try {
    const { answer, matching } = await userInvitesMatching(request, params.id, search);
    const { items, pageInfo } = paginate(matching, parsePaging(search));
    return {
      found: true as const,
      id: params.id,
      canExport,
      fullName: answer.user.fullName?.trim() || answer.user.email,
      invites: items.map((invite) => ({
        id: invite.id,
        email: invite.invitedTo,
        status: invite.status,
        date: formatDate(invite.createdAt, timeZone),
      })),
      pageInfo,
      filters,
    };
  } catch (error) {
    return loadFailure(error, { found: false as const });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.found ? `Invites of ${loaded.fullName} · Admin Dashboard` : "Invites · Admin Dashboard" },
];

const columns = inviteColumns(INVITE_STATUSES);

export default function UserInvites({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="space-y-6">
        <BackLink fallback="/users">Back</BackLink>
        <EmptyState card tone="error" title={LIST_LOAD_ERROR} />
      </div>
    );
  }

  const { id, fullName, invites, pageInfo, filters, canExport } = loaderData;
  const filtered = Boolean(filters.search.trim() || filters.status);
  return (
    <div className="space-y-6">
      <div>
        <BackLink fallback="/users">Back</BackLink>
        <h1
          tabIndex={-1}
          className="mt-3 text-2xl font-semibold tracking-tight text-slate-900"
        >{`Invites of ${fullName}`}</h1>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <p className="mt-1 text-sm text-slate-600">Manage user invitations and their status</p>
          {canExport ? <DownloadCsvLink csvPath={`/users/${encodeURIComponent(id)}/invites.csv`} /> : null}
        </div>
      </div>

      <SearchFilters
        label="Filter invites"
        search={{ value: filters.search, placeholder: "Search invites..." }}
        selects={[{ name: "status", label: "Status", value: filters.status, options: INVITE_STATUS_OPTIONS }]}
      />

      <DataTable
        caption={`Invites of ${fullName}`}
        columns={columns}
        rows={invites}
        rowKey={(invite) => invite.id}
        pageInfo={pageInfo}
        empty={
          <EmptyState
            icon="outline-envelope-open"
            title="No Invites Found"
            description={filtered ? "No invites match your search criteria." : "This user hasn't sent any invites yet."}
          />
        }
      />
    </div>
  );
}
