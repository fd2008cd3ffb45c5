import { type ShouldRevalidateFunction, useLocation, useSearchParams } from "react-router";

import type { Route } from "./+types/details";
import { loadUserDetails, sendPush } from "./details.server";
import { HistorySection } from "./history";
import { StaffNotesSection } from "./staff-notes";
import { addNote, deleteNote, editNote } from "./staff-notes.server";
import { BackLink, INVITE_STATUS_OPTIONS, inviteColumns } from "./shared";
import { canPush, NO_DEVICES } from "./push";
import { DownloadCsvLink } from "~/components/ui/download-csv-link";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { buttonClass, ButtonLink, DisabledButton } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { SearchFilters } from "~/components/ui/search-filters";
import { DetailField } from "~/components/ui/detail-field";
import { EmailText } from "~/components/ui/email-text";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { PushNotificationSchema } from "~/forms/users";
import { UserDetailsActionSchema } from "~/forms/users.server";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { rowAction, tableAction } from "~/recipe/outcome.server";
import { saveForm } from "~/recipe/save-form.server";
import { readWarning, USER_TABLE, warnAction } from "./user-actions.server";

const NOT_FOUND = "User not found or some error occurred while fetching data";
const NOT_PROVIDED = "Not provided";
/** Invitee statuses shown as badges (docs/product.md#user-details); others are shown raw. */
const INVITEE_STATUSES = ["pending", "approved", "expired", "rejected"] as const;

// The 'Send Push Notification' dialog loads when it opens, not with the page (decision 026).
const NotifyDialog = lazyDialog(() => import("./notify-dialog").then((module) => module.NotifyDialog));
// The ban confirmation and Un-Ban's, when one opens (docs/product.md#bans-with-an-end).
// Warn's dialog loads when it opens (docs/product.md#warnings-and-strikes).
const WarnDialog = lazyDialog(() => import("./warn-dialog").then((module) => module.WarnDialog));
const UserConfirmDialog = lazyDialog(() => import("./user-confirm-dialog").then((module) => module.UserConfirmDialog));

export function loader({ request, params }: Route.LoaderArgs) {
  return loadUserDetails(request, params);
}

/**
 * Send Push Notification (docs/product.md#send-push-notification; a failure re-renders the dialog
 * with what was typed), and a staff note's add, edit and delete (docs/product.md#staff-notes).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, UserDetailsActionSchema);
    if (!submission.ok) return submission.rejected;
    const value = submission.value;
    // The member of this page, whatever the form says.
    const id = params.id;
    switch (value.intent) {
      // Ban's terms are its table entry's, read by tableAction.
      case "ban":
      case "unban":
        return tableAction(request, form, back, USER_TABLE, value.intent, id);
      case "warn": {
        // A reason from the list and the message (docs/product.md#warnings-and-strikes).
        const read = readWarning(request, form);
        if (!read.ok) return read.rejected;
        return rowAction(request, back, warnAction(request, id, read.warning));
      }
      case "notify":
        return saveForm(request, form, {
          schema: PushNotificationSchema,
          send: (push) => sendPush(request, params.id, push),
          // The member of this page, whatever the form says.
          target: () => ({ kind: "user", id: params.id }),
          to: back,
          replace: true,
          done: "Push notification sent successfully!",
          failed: "Failed to send notification",
          // The upstream's `body` is the form's Message (docs/product.md#send-push-notification).
          failure: { fieldNames: { body: "message" } },
        });
      case "add-note":
        return addNote(request, form, params.id, back);
      case "edit-note":
        return editNote(request, form, params.id, value.id, back);
      case "delete-note":
        return deleteNote(request, params.id, value.id, back);
      default:
        return unhandledIntent(value);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "User Details · Admin Dashboard" }];

// Opening Warn or Ban loads its saved messages (decision 084). Ban's test is opensBan (user-links.ts)
// written out: importing it would bring the list's chunk of confirmations into this page's first load.
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  skipRevalidationForDialogs(args, (params) => params.has("warn") || params.get("confirm") === "ban");

type Loaded = Extract<Route.ComponentProps["loaderData"], { found: true }>;

const inviteeColumns = inviteColumns(INVITEE_STATUSES);

export default function UserDetails({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <EmptyState
        card
        tone="error"

        title={NOT_FOUND}
        action={
          <BackLink className={buttonClass("secondary")} fallback="/users">
            Go Back
          </BackLink>
        }
      />
    );
  }
  return <Details data={loaderData} actionData={actionData} />;
}

function Details({ data: loaded, actionData }: { data: Loaded; actionData: Route.ComponentProps["actionData"] }) {
  const { user, invitees, inviteeCount, pageInfo, filters, history, notes, can } = loaded;
  const location = useLocation();
  const [params] = useSearchParams();
  const closeTo = closeDialogHref(location.pathname, location.search);
  const filtered = Boolean(filters.search.trim() || filters.status);

  return (
    <div className="space-y-6">
      <div>
        <BackLink fallback="/users">Back</BackLink>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900">
              User Details
            </h1>
            <p className="mt-1 text-sm text-slate-600">View user information and invitees</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {can.ban ? (
              <>
                <ButtonLink
                  variant={user.isBanned ? "secondary" : "danger"}
                  to={dialogHref(location.pathname, location.search, {
                    confirm: user.isBanned ? "unban" : "ban",
                    id: user.id,
                  })}
                  preventScrollReset
                >
                  {user.isBanned ? "Un-Ban User" : "Ban User"}
                </ButtonLink>
                <ButtonLink
                  variant="secondary"
                  to={dialogHref(location.pathname, location.search, { warn: "1" })}
                  preventScrollReset
                >
                  Warn
                </ButtonLink>
              </>
            ) : null}
            {!can.push ? null : canPush(user) ? (
              <ButtonLink to={dialogHref(location.pathname, location.search, { notify: "1" })} preventScrollReset>
                <Icon name="solid-bell-alert" className="size-4" />
                Send Push Notification
              </ButtonLink>
            ) : (
              <DisabledButton reason={NO_DEVICES}>
                <Icon name="solid-bell-alert" className="size-4" />
                Send Push Notification
              </DisabledButton>
            )}
          </div>
        </div>
      </div>

      <section aria-label="User information" className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200">
        <div className="flex items-center gap-4">
          <Avatar src={user.avatar} name={user.fullName ?? user.email} size="lg" />
          <div className="min-w-0">
            <p className="text-lg font-semibold break-words text-slate-900">{user.fullName ?? NOT_PROVIDED}</p>
            <p className="text-sm text-slate-600">
              <EmailText value={user.email} />
            </p>
          </div>
        </div>
        <dl className="mt-6 grid gap-x-6 gap-y-5 sm:grid-cols-2 lg:grid-cols-3">
          <DetailField label="Full Name">{user.fullName ?? <Missing />}</DetailField>
          <DetailField label="Email">
            <EmailText value={user.email} />
          </DetailField>
          {can.personal ? <DetailField label="Phone">{user.phone ?? <Missing />}</DetailField> : null}
          <DetailField label="Country">{user.country ?? <Missing />}</DetailField>
          {user.dateOfBirth ? <DetailField label="Date of Birth">{user.dateOfBirth}</DetailField> : null}
          <DetailField label="Status">
            <span className="flex flex-wrap gap-1.5">
              {user.status === "verified" ? (
                <Badge tone="green">Verified</Badge>
              ) : (
                <Badge tone={user.status === "banned" ? "red" : "gray"}>{user.status}</Badge>
              )}
              {user.isBanned && user.status !== "banned" ? <Badge tone="red">banned</Badge> : null}
            </span>
          </DetailField>
          {user.isBanned && <DetailField label="Ban ends">{user.banEnds}</DetailField>}
          <DetailField label="Strikes">{user.strikesText}</DetailField>
          <DetailField label="Push Notifications">
            {canPush(user) ? `${user.devicesCount} device(s) registered` : NO_DEVICES}
          </DetailField>
        </dl>
      </section>

      <StaffNotesSection notes={notes} failure={actionData} />

      <section aria-labelledby="invitees-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="invitees-heading" className="text-lg font-semibold text-slate-900">
            {`Invitees (${inviteeCount})`}
          </h2>
          {can.export ? <DownloadCsvLink csvPath={`/users/${encodeURIComponent(user.id)}/invitees.csv`} /> : null}
        </div>
        <SearchFilters
          label="Filter invitees"
          search={{ value: filters.search, placeholder: "Search invitees..." }}
          selects={[{ name: "status", label: "Status", value: filters.status, options: INVITE_STATUS_OPTIONS }]}
        />
        <DataTable
          caption="Invitees"
          columns={inviteeColumns}
          rows={invitees}
          rowKey={(invite) => invite.id}
          pageInfo={pageInfo}
          empty={
            <EmptyState
              icon="outline-user-group"
              title="No Invitees Found"
              description={
                filtered ? "No invitees match your search criteria." : "This user hasn't sent any invitations yet."
              }
            />
          }
        />
      </section>

      {history ? <HistorySection userId={user.id} history={history} /> : null}

      {params.has("notify") && can.push && canPush(user) ? (
        <NotifyDialog closeTo={closeTo} actionData={actionData} />
      ) : null}
      {params.has("warn") && can.ban ? (
        <WarnDialog
          closeTo={closeTo}
          failure={actionData && "errors" in actionData ? actionData : null}
          picker={loaded.warnPicker}
          here={location.pathname}
        />
      ) : null}
      {params.has("confirm") && can.ban ? (
        <UserConfirmDialog
          user={user}
          offer={loaded.banOffer}
          failure={actionData && "errors" in actionData ? actionData : null}
          picker={loaded.banPicker}
        />
      ) : null}
    </div>
  );
}

function Missing() {
  return <span className="text-slate-500">{NOT_PROVIDED}</span>;
}
