import { EnvelopeOpenIcon, ExclamationTriangleIcon } from "@heroicons/react/20/solid";
import { data } from "react-router";

import type { Route } from "./+types/invites";
import { BackLink, EmailText, InviteStatus } from "./shared";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { SearchFilters } from "~/components/ui/search-filters";
import { env } from "~/config/env.server";
import { formatDate } from "~/lib/format";
import { paginate, parsePaging } from "~/lib/pagination";
import { isUpstreamError } from "~/upstream/errors";
import { filterInvites, getUserInvites, parseInviteStatus } from "~/upstream/invites.server";

const LOAD_ERROR = "Some error occurred while fetching data";
/** Invite statuses shown as badges on this screen (spec 2.15); others are shown raw. */
const INVITE_STATUSES = ["pending", "approved", "rejected"] as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const filters = { search: search.get("search") ?? "", status: parseInviteStatus(search.get("status")) };
  const timeZone = env().APP_TIMEZONE;

  try {
    const answer = await getUserInvites(request, params.id);
    const matching = filterInvites(answer.data, { ...filters, email: "invitedTo" });
    const { items, pageInfo } = paginate(matching, parsePaging(search));
    return {
      found: true as const,
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
    if (!isUpstreamError(error)) throw error;
    return data({ found: false as const }, { status: error.status === 404 ? 404 : error.status < 500 ? error.status : 502 });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.found ? `Invites of ${loaded.fullName} · Admin Dashboard` : "Invites · Admin Dashboard" },
];

const STATUS_OPTIONS = [
  { value: "", label: "All" },
  { value: "approved", label: "Approved" },
  { value: "pending", label: "Pending" },
  { value: "rejected", label: "Rejected" },
];

type Loaded = Extract<Route.ComponentProps["loaderData"], { found: true }>;
type InviteRow = Loaded["invites"][number];

const columns: DataTableColumn<InviteRow>[] = [
  { id: "email", header: "Email", cell: (invite) => <EmailText value={invite.email} /> },
  { id: "status", header: "Status", cell: (invite) => <InviteStatus status={invite.status} known={INVITE_STATUSES} /> },
  { id: "date", header: "Invite Date", className: "whitespace-nowrap", cell: (invite) => invite.date },
];

export default function UserInvites({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="space-y-6">
        <BackLink fallback="/users">Back</BackLink>
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <EmptyState tone="error" icon={ExclamationTriangleIcon} title={LOAD_ERROR} />
        </div>
      </div>
    );
  }

  const { fullName, invites, pageInfo, filters } = loaderData;
  const filtered = Boolean(filters.search.trim() || filters.status);
  return (
    <div className="space-y-6">
      <div>
        <BackLink fallback="/users">Back</BackLink>
        <h1 className="mt-3 text-2xl font-semibold tracking-tight text-slate-900">{`Invites of ${fullName}`}</h1>
        <p className="mt-1 text-sm text-slate-600">Manage user invitations and their status</p>
      </div>

      <SearchFilters
        label="Filter invites"
        search={{ value: filters.search, placeholder: "Search invites..." }}
        selects={[{ name: "status", label: "Status", value: filters.status, options: STATUS_OPTIONS }]}
      />

      <DataTable
        caption={`Invites of ${fullName}`}
        columns={columns}
        rows={invites}
        rowKey={(invite) => invite.id}
        pageInfo={pageInfo}
        empty={
          <EmptyState
            icon={EnvelopeOpenIcon}
            title="No Invites Found"
            description={filtered ? "No invites match your search criteria." : "This user hasn't sent any invites yet."}
          />
        }
      />
    </div>
  );
}
