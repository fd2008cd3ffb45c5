import { type ShouldRevalidateFunction, useLocation } from "react-router";
import { Link } from "~/components/ui/link";

import type { Route } from "./+types/list";
import type { UserStatusFilter } from "~/upstream/contract/users";
import { loadUsers } from "./list.server";
import { USER_TABLE, UserRowActionSchema } from "./user-actions.server";
import { certificateHref, detailsHref, invitesHref, opensBan, passportHref } from "./user-links";
import { EmailText } from "./shared";
import { USER_CONFIRMATIONS } from "./user-actions";
import { DownloadCsvLink } from "~/components/ui/download-csv-link";
import { PageHeader } from "~/components/ui/page-header";
import { Badge } from "~/components/ui/badge";
import { BulkSelection } from "~/components/ui/bulk-selection";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { DisabledIconAction, IconAction, iconActionClass } from "~/components/ui/icon-action";
import type { SolidIconName } from "~/components/ui/icon-names";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { SearchFilters } from "~/components/ui/search-filters";
import { UpstreamImage } from "~/components/ui/upstream-image";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { useConfirmationLink } from "~/recipe/confirmation";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { tableAction } from "~/recipe/outcome.server";

// The row confirmations load when one opens, not with the list (decision 026).
const ConfirmDialog = lazyDialog(() => import("~/components/ui/confirm-dialog").then((module) => module.ConfirmDialog));

export function loader({ request }: Route.LoaderArgs) {
  return loadUsers(request);
}

/** Ban, un-ban and verify (docs/product.md#users-list), each checked against the user's current state first. */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, UserRowActionSchema);
    if (!submission.ok) return submission.rejected;
    const { intent, id } = submission.value;
    switch (intent) {
      // Ban's terms (how long, why, the message: docs/product.md#bans-with-an-end) are its table entry's, read by tableAction.
      case "ban":
      case "unban":
      case "verify":
        return tableAction(request, form, back, USER_TABLE, intent, id);
      default:
        return unhandledIntent(intent);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Users · Admin Dashboard" }];

// Opening a ban loads its saved messages (decision 084).
export const shouldRevalidate: ShouldRevalidateFunction = (args) => skipRevalidationForDialogs(args, opensBan);

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

/** One label per status filter the upstream knows (USER_STATUS_FILTER): a new status fails the typecheck here. */
const USER_STATUS_LABELS: Record<UserStatusFilter, string> = {
  verified: "Verified",
  pending: "Pending",
  banned: "Banned",
};
const USER_STATUS_OPTIONS = [
  { value: "", label: "All" },
  ...Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

const CITIZENSHIP_OPTIONS = [
  { value: "", label: "All" },
  { value: "approved", label: "Approved" },
  { value: "pending", label: "Pending" },
  { value: "not-applied", label: "Not Applied" },
];

export default function UsersList({ loaderData, actionData }: Route.ComponentProps) {
  const { users, pageInfo, totalText, bulk, filters, error, can, banOffer, picker } = loaderData;
  const location = useLocation();

  const columns: DataTableColumn<UserRow>[] = [
    {
      id: "avatar",
      header: "Avatar",
      hideHeader: true,
      className: "w-14",
      cell: (user) => (
        <Link to={detailsHref(user.id, closeDialogHref(location.pathname, location.search))} className="avatar-link">
          <UpstreamImage src={user.avatar} label={`View ${user.label}`} />
        </Link>
      ),
    },
    {
      id: "name",
      header: "Name",
      className: "min-w-32",
      cell: (user) =>
        user.name ? (
          <span className="row-name">{user.name}</span>
        ) : (
          <span className="text-slate-500">Not provided</span>
        ),
    },
    { id: "email", header: "Email", cell: (user) => <EmailText value={user.email} /> },
    {
      id: "verified",
      header: "Verified",
      cell: (user) => (
        <>
          {user.status === "verified" ? (
            <Badge tone="green">Verified</Badge>
          ) : (
            <Badge tone={user.status === "banned" ? "red" : "gray"}>{user.status}</Badge>
          )}
          {user.banNote && <Badge tone="yellow">{user.banNote}</Badge>}
        </>
      ),
    },
    { id: "actions", header: "Actions", className: "text-right", cell: (user) => <RowActions user={user} can={can} /> },
  ];

  return (
    <div className="space-y-6">
      <PageHeader title="Users" actions={can.export ? <DownloadCsvLink csvPath="/users.csv" /> : null} />

      <SearchFilters
        label="Filter users"
        search={{ value: filters.search, placeholder: "Search users..." }}
        selects={[
          { name: "status", label: "User Status", value: filters.status, options: USER_STATUS_OPTIONS },
          {
            name: "citizenship",
            label: "Citizenship Status",
            value: filters.citizenship,
            options: CITIZENSHIP_OPTIONS,
          },
        ]}
      />

      {error ? (
        <EmptyState card tone="error" title={error} />
      ) : (
        <>
          <BulkSelection view={bulk}>
            <DataTable
              caption="Users"
              columns={columns}
              rows={users}
              rowKey={(user) => user.id}
              selectName={bulk.actions.length > 0 ? (user) => user.label : undefined}
              pageInfo={pageInfo}
              totalText={totalText}
            />
          </BulkSelection>
        </>
      )}

      {new URLSearchParams(location.search).has("confirm") ? (
        <ConfirmDialog
          confirmations={USER_CONFIRMATIONS}
          rows={users}
          // The ban's terms come with the ban confirmation's URL only (list.server.ts, decision 087).
          terms={banOffer ? { offer: banOffer, failure: actionData, picker } : undefined}
        />
      ) : null}
    </div>
  );
}

/** Keeps the icons of every row in the same columns when a row lacks an action (app.css: an empty `.row-actions` child). */
function EmptySlot() {
  return <span />;
}

/** The Verify User action where it does not apply, with the reason (docs/product.md#users-list, Verify User). */
function DisabledAction({ label, icon }: { label: string; icon: SolidIconName }) {
  return <DisabledIconAction name="Verify User" reason={label} icon={icon} />;
}

function RowActions({ user, can }: { user: UserRow; can: { ban: boolean; verify: boolean } }) {
  const location = useLocation();
  const open = (intent: keyof typeof USER_CONFIRMATIONS) =>
    dialogHref(location.pathname, location.search, { confirm: intent, id: user.id });
  const back = closeDialogHref(location.pathname, location.search);
  // Verify asks the browser with JavaScript, the dialog without (USER_CONFIRMATIONS.verify).
  const verify = useConfirmationLink(USER_CONFIRMATIONS.verify, { intent: "verify", id: user.id }, back);

  return (
    <div className="row-actions">
      {user.hasCertificate ? (
        <IconAction
          label="Download certificate"
          item={user.label}
          icon="solid-academic-cap"
          href={certificateHref(user.id, back)}
          newTab
        />
      ) : (
        <EmptySlot />
      )}
      <IconAction label="View Invites" item={user.label} icon="solid-envelope" to={invitesHref(user.id, back)} />
      {!can.ban ? (
        <EmptySlot />
      ) : user.isBanned ? (
        <IconAction label="Un-Ban User" item={user.label} icon="solid-lock-open" tone="success" to={open("unban")} />
      ) : (
        <IconAction label="Ban User" item={user.label} icon="solid-no-symbol" tone="danger" to={open("ban")} />
      )}
      {user.hasPassport ? (
        <IconAction
          label="Download Passport"
          item={user.label}
          icon="solid-identification"
          // A plain link, not `download`: a failure then shows the list again with its toast (passport.tsx).
          href={passportHref(user.id, back)}
        />
      ) : (
        <EmptySlot />
      )}
      {!can.verify ? (
        <EmptySlot />
      ) : !user.isEmailVerified ? (
        <DisabledAction label="Awaiting Email Verification" icon="solid-check-badge" />
      ) : user.status === "verified" ? (
        <DisabledAction label="User Verified" icon="solid-check-badge" />
      ) : verify.pending ? (
        // In flight: a spinning, labelled state, unlike the grey "User Verified" of a finished one.
        <span role="status" aria-label="Verifying user" className={`${iconActionClass()} text-brand-600`}>
          <Icon name="solid-arrow-path" className="size-5 motion-safe:animate-spin" />
        </span>
      ) : (
        <IconAction
          label="Verify User"
          item={user.label}
          icon="solid-check-badge"
          tone="success"
          align="end"
          to={open("verify")}
          onClick={verify.onClick}
        />
      )}
    </div>
  );
}
