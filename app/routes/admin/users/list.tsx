import {
  AcademicCapIcon,
  CheckBadgeIcon,
  EnvelopeIcon,
  ExclamationTriangleIcon,
  IdentificationIcon,
  LockOpenIcon,
  NoSymbolIcon,
} from "@heroicons/react/20/solid";
import type { ComponentType, SVGProps } from "react";
import { data, Link, useLocation, useNavigation, useSearchParams, useSubmit } from "react-router";

import type { Route } from "./+types/list";
import { EmailText } from "./shared";
import { Badge } from "~/components/ui/badge";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { DisabledIconAction, IconAction } from "~/components/ui/icon-action";
import { SearchFilters } from "~/components/ui/search-filters";
import { UserActionSchema, type UserActionIntent } from "~/forms/users";
import { errorToast, type FailedSubmission } from "~/forms/failure.server";
import { parseForm, submittedForm } from "~/forms/form-data.server";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { pageCount, parsePaging } from "~/lib/pagination";
import { redirectWithError, redirectWithSuccess } from "~/session/toast.server";
import { failureMessage, isUpstreamError, screenStatus } from "~/upstream/errors";
import {
  banUser,
  CITIZENSHIP_QUERY,
  type CitizenshipFilter,
  getUser,
  isAdminUser,
  listUsers,
  safeFileLink,
  unbanUser,
  USER_STATUS_QUERY,
  type UserStatusFilter,
  verifyUser,
} from "~/upstream/users.server";

/** The users list's page size (spec 9: users default page size 10). */
const USERS_PAGE_SIZE = 10;

/** The default picture of a user without one (spec 2.14). */
const DEFAULT_AVATAR = "/default-avatar.svg";

/** The verify question (spec 2.14): window.confirm with JavaScript, the confirmation dialog without. */
const VERIFY_QUESTION = "Are you sure you want to verify this user?";

const LOAD_ERROR = "Some error occurred while fetching data";

/** One of an object's keys, or "" for a missing or unknown URL value. */
function parseChoice<K extends string>(value: string | null, choices: Record<K, string>): K | "" {
  const wanted = value?.trim().toLowerCase() ?? "";
  return Object.hasOwn(choices, wanted) ? (wanted as K) : "";
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { page, limit } = parsePaging(params, { defaultLimit: USERS_PAGE_SIZE });
  const search = params.get("search") ?? "";
  const status = parseChoice<UserStatusFilter>(params.get("status"), USER_STATUS_QUERY);
  const citizenship = parseChoice<CitizenshipFilter>(params.get("citizenship"), CITIZENSHIP_QUERY);
  const filters = { search, status, citizenship };

  try {
    const { data: answer } = await listUsers(request, {
      page,
      limit,
      search: search.trim() || undefined,
      status: status ? USER_STATUS_QUERY[status] : undefined,
      badgeRequestStatus: citizenship ? CITIZENSHIP_QUERY[citizenship] : undefined,
    });
    const { total } = answer.pagination;
    return {
      // Administrators come back from GET /users; the panel never lists them (spec 2.14).
      users: answer.data
        .filter((user) => !isAdminUser(user))
        .map((user) => ({
          id: user.id,
          name: user.fullName?.trim() || "",
          email: user.email,
          avatar: safeFileLink(user.profilePic) ?? DEFAULT_AVATAR,
          status: user.status,
          isEmailVerified: user.isEmailVerified,
          isBanned: user.isBanned,
          certificate: user.badgeRequestStatus === 2 ? safeFileLink(user.badgeFileName) : null,
          hasPassport: Boolean(user.passport?.trim()),
        })),
      // The upstream's own totals: they count the administrators it sends (it has no role filter,
      // and one call per render rules out a second count), so a page may show fewer rows.
      pageInfo: { page, limit, total, totalPages: pageCount(total, limit) },
      filters,
      error: null,
    };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return data(
      { users: [], pageInfo: { page, limit, total: 0, totalPages: 1 }, filters, error: LOAD_ERROR },
      { status: screenStatus(error) },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const back = closeDialogHref(url.pathname, url.search);
  const form = parseForm(await submittedForm(request), UserActionSchema);
  if (!form.ok) {
    const message = form.errors.intent
      ? "Unknown action"
      : (Object.values(form.errors)[0]?.message ?? "Unknown action");
    const body: FailedSubmission = {
      errors: form.errors,
      values: form.values,
      formError: message,
      toast: errorToast(message),
    };
    return data(body, { status: 400 });
  }
  const { intent, id } = form.data;
  return actions[intent](request, id, back);
}

/** Ban and unban say the state they want and act only when the user is not in it yet. */
async function setBanned(request: Request, id: string, back: string, banned: boolean) {
  const verb = banned ? "ban" : "unban";
  try {
    const user = await getUser(request, id);
    if (user.isBanned === banned) {
      return redirectWithSuccess(request, back, banned ? "User is already banned" : "User is not banned");
    }
    const message = await (banned ? banUser(request, id) : unbanUser(request, id));
    return redirectWithSuccess(
      request,
      back,
      message.trim() || (banned ? "User banned successfully!" : "User un-banned successfully!"),
    );
  } catch (error) {
    return redirectWithError(request, back, failureMessage(error, `Failed to ${verb} user`));
  }
}

const actions: Record<UserActionIntent, (request: Request, id: string, back: string) => Promise<Response>> = {
  ban: (request, id, back) => setBanned(request, id, back, true),
  unban: (request, id, back) => setBanned(request, id, back, false),
  async verify(request, id, back) {
    try {
      const message = await verifyUser(request, id);
      return redirectWithSuccess(request, back, message.trim() || "User verified successfully!");
    } catch (error) {
      return redirectWithError(request, back, failureMessage(error, "Failed to verify user"));
    }
  },
};

export const meta: Route.MetaFunction = () => [{ title: "Users · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

const USER_STATUS_OPTIONS = [
  { value: "", label: "All" },
  { value: "verified", label: "Verified" },
  { value: "pending", label: "Pending" },
  { value: "banned", label: "Banned" },
];

const CITIZENSHIP_OPTIONS = [
  { value: "", label: "All" },
  { value: "approved", label: "Approved" },
  { value: "pending", label: "Pending" },
  { value: "not-applied", label: "Not Applied" },
];

/** The name a row and its dialogs use: the full name, else the email. */
function nameOf(user: UserRow): string {
  return user.name || user.email;
}

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { users, pageInfo, filters, error } = loaderData;
  const location = useLocation();

  const columns: DataTableColumn<UserRow>[] = [
    {
      id: "avatar",
      header: "Avatar",
      hideHeader: true,
      className: "w-14",
      cell: (user) => (
        <Link
          to={`/users/${user.id}`}
          className="block size-10 rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <img
            src={user.avatar}
            alt={`View ${nameOf(user)}`}
            className="size-10 rounded-full bg-slate-100 object-cover"
          />
        </Link>
      ),
    },
    {
      id: "name",
      header: "Name",
      className: "min-w-32",
      cell: (user) =>
        user.name ? (
          <span className="font-medium text-slate-900">{user.name}</span>
        ) : (
          <span className="text-slate-500">Not provided</span>
        ),
    },
    { id: "email", header: "Email", cell: (user) => <EmailText value={user.email} /> },
    {
      id: "verified",
      header: "Verified",
      cell: (user) =>
        user.status === "verified" ? (
          <Badge tone="green">Verified</Badge>
        ) : (
          <Badge tone={user.status === "banned" ? "red" : "gray"}>{user.status}</Badge>
        ),
    },
    { id: "actions", header: "Actions", className: "text-right", cell: (user) => <RowActions user={user} /> },
  ];

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Users</h1>

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
        <EmptyState card tone="error" icon={ExclamationTriangleIcon} title={error} />
      ) : (
        <DataTable caption="Users" columns={columns} rows={users} rowKey={(user) => user.id} pageInfo={pageInfo} />
      )}

      <UserDialog users={users} cancelTo={closeDialogHref(location.pathname, location.search)} />
    </div>
  );
}

/** Keeps the icons of every row in the same columns when a row lacks an action. */
function EmptySlot() {
  return <span className="inline-block size-8" aria-hidden="true" />;
}

/** The Verify User action where it does not apply, with the reason (spec 2.14, Verify User states). */
function DisabledAction({ label, icon }: { label: string; icon: ComponentType<SVGProps<SVGSVGElement>> }) {
  return <DisabledIconAction name="Verify User" reason={label} icon={icon} />;
}

function RowActions({ user }: { user: UserRow }) {
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const open = (intent: UserActionIntent) =>
    dialogHref(location.pathname, location.search, { confirm: intent, id: user.id });
  const verifying = navigation.formData?.get("intent") === "verify" && navigation.formData.get("id") === user.id;

  return (
    <div className="flex items-center justify-end gap-1">
      {user.certificate ? (
        <IconAction label="Download certificate" icon={AcademicCapIcon} href={user.certificate} newTab />
      ) : (
        <EmptySlot />
      )}
      <IconAction label="View Invites" icon={EnvelopeIcon} to={`/users/view-invites/${user.id}`} />
      {user.isBanned ? (
        <IconAction label="Un-Ban User" icon={LockOpenIcon} tone="success" to={open("unban")} />
      ) : (
        <IconAction label="Ban User" icon={NoSymbolIcon} tone="danger" to={open("ban")} />
      )}
      {user.hasPassport ? (
        <IconAction label="Download Passport" icon={IdentificationIcon} href={`/users/${user.id}/passport`} download />
      ) : (
        <EmptySlot />
      )}
      {!user.isEmailVerified ? (
        <DisabledAction label="Awaiting Email Verification" icon={CheckBadgeIcon} />
      ) : user.status === "verified" ? (
        <DisabledAction label="User Verified" icon={CheckBadgeIcon} />
      ) : verifying ? (
        <DisabledAction label="Verify User" icon={CheckBadgeIcon} />
      ) : (
        <IconAction
          label="Verify User"
          icon={CheckBadgeIcon}
          tone="success"
          align="end"
          to={open("verify")}
          onClick={(event) => {
            // With JavaScript the browser asks (spec 2.14); without it the link opens the same
            // question as a server-rendered dialog.
            event.preventDefault();
            if (!window.confirm(VERIFY_QUESTION)) return;
            submit(
              { intent: "verify", id: user.id },
              { method: "post", action: closeDialogHref(location.pathname, location.search), preventScrollReset: true },
            );
          }}
        />
      )}
    </div>
  );
}

/** The confirmation the URL asks for (`?confirm=ban|unban|verify&id=...`), for a user on this page. */
function UserDialog({ users, cancelTo }: { users: readonly UserRow[]; cancelTo: string }) {
  const [params] = useSearchParams();
  const intent = params.get("confirm");
  const user = users.find((candidate) => candidate.id === params.get("id"));
  if (!user) return null;
  const name = nameOf(user);
  const fields = (wanted: UserActionIntent) => ({ intent: wanted, id: user.id });

  switch (intent) {
    case "ban":
      return (
        <ConfirmDialog
          title={`Ban User ${name}?`}
          description="Are you sure you want to ban this User"
          confirmLabel="Ban"
          fields={fields("ban")}
          cancelTo={cancelTo}
        />
      );
    case "unban":
      return (
        <ConfirmDialog
          title={`Un-Ban User ${name}?`}
          description="Are you sure you want to un-ban this User"
          confirmLabel="Unban"
          tone="primary"
          fields={fields("unban")}
          cancelTo={cancelTo}
        />
      );
    case "verify":
      return (
        <ConfirmDialog
          title={`Verify User ${name}?`}
          description={VERIFY_QUESTION}
          confirmLabel="Verify"
          tone="primary"
          fields={fields("verify")}
          cancelTo={cancelTo}
        />
      );
    default:
      return null;
  }
}
