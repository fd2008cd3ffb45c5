import { ExclamationTriangleIcon, MegaphoneIcon, PlusIcon } from "@heroicons/react/20/solid";
import { data, useLocation, useNavigation, useSearchParams } from "react-router";

import type { Route } from "./+types/list";
import {
  AnnouncementFormDialog,
  type AnnouncementFormFailure,
  type AnnouncementFormStart,
} from "~/components/announcements/announcement-form";
import { AnnouncementRow, type AnnouncementRowView } from "~/components/announcements/announcement-row";
import { NumberedPagination } from "~/components/announcements/numbered-pagination";
import { Spinner } from "~/components/ui/spinner";
import { StatTiles } from "~/components/announcements/stat-tiles";
import { FormAlert } from "~/components/layout/auth-card";
import { ButtonLink } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { SearchFilters } from "~/components/ui/search-filters";
import { env } from "~/config/env.server";
import {
  AnnouncementFormSchema,
  type AnnouncementFormValues,
  AnnouncementIntentSchema,
  AnnouncementRowActionSchema,
  AnnouncementTargetSchema,
  ANNOUNCEMENT_MESSAGES,
} from "~/forms/announcement";
import { failSubmission, invalidSubmission, rejectedForm } from "~/forms/failure.server";
import { parseForm, submittedForm } from "~/forms/form-data.server";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { formatDate } from "~/lib/format";
import { localDateTimeToIso, nowLocalDateTime, toLocalDateTime } from "~/lib/local-datetime";
import { pageCount, parsePaging } from "~/lib/pagination";
import { redirectWithError, redirectWithSuccess } from "~/session/toast.server";
import {
  ANNOUNCEMENTS_PAGE_SIZE,
  createAnnouncement,
  deleteAnnouncement,
  findAnnouncement,
  getAnnouncementStats,
  listAnnouncements,
  setAnnouncementFlag,
  updateAnnouncement,
} from "~/upstream/announcements.server";
import type { Announcement, AnnouncementBody } from "~/upstream/contract/announcements";
import { isUpstreamError, screenStatus, shownFailure } from "~/upstream/errors";
import { safeFileLink } from "~/upstream/file-links.server";

/** The list's and the tiles' load failure text (docs/product.md#announcements). */

/** Success and failure toasts of docs/product.md#announcements, per intent; the server's message wins when it sends one. */
const TEXTS = {
  create: { ok: "Announcement created successfully", failed: "Failed to create announcement" },
  update: { ok: "Announcement updated successfully", failed: "Failed to update announcement" },
  delete: { ok: "Announcement deleted successfully", failed: "Failed to delete announcement" },
  "toggle-status": { ok: "Status updated successfully", failed: "Failed to update status" },
  "toggle-pinned": { ok: "Pinned status updated successfully", failed: "Failed to update pinned status" },
} as const;

function toRow(announcement: Announcement, timeZone: string): AnnouncementRowView {
  return {
    id: announcement.id,
    title: announcement.title,
    description: announcement.description,
    date: announcement.date,
    dateText: formatDate(announcement.date, timeZone),
    dateLocal: toLocalDateTime(announcement.date, timeZone),
    isActive: announcement.isActive,
    isPinned: announcement.isPinned,
    imageUrl: announcement.imageUrl?.trim() ?? "",
    thumbnail: safeFileLink(announcement.imageUrl),
  };
}

/** One page of the list; a page past the end (e.g. after deleting its last row) shows the last page. */
async function loadPage(request: Request, page: number, search: string) {
  const answer = await listAnnouncements(request, { page, search });
  const last = answer.pagination.totalPages;
  if (answer.data.length === 0 && page > 1 && last >= 1 && page > last) {
    return listAnnouncements(request, { page: last, search });
  }
  return answer;
}

/** A settled upstream call: its value, or null for an upstream failure; anything else (the redirect to /login) is thrown. */
function settled<T>(result: PromiseSettledResult<T>): { value: T; error: null } | { value: null; error: number } {
  if (result.status === "fulfilled") return { value: result.value, error: null };
  if (!isUpstreamError(result.reason)) throw result.reason;
  return { value: null, error: screenStatus(result.reason) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { page } = parsePaging(params, { defaultLimit: ANNOUNCEMENTS_PAGE_SIZE, sizes: [ANNOUNCEMENTS_PAGE_SIZE] });
  const search = params.get("search") ?? "";
  const timeZone = env().APP_TIMEZONE;

  // The list and the tiles are independent: one round trip, and one failing leaves the other.
  const [listResult, statsResult] = await Promise.allSettled([
    loadPage(request, page, search),
    getAnnouncementStats(request),
  ]);
  const stats = settled(statsResult);
  const list = settled(listResult);

  const rows = list.value ? list.value.data.map((announcement) => toRow(announcement, timeZone)) : [];
  const pagination = list.value?.pagination;
  const pageInfo = {
    page: pagination?.page ?? page,
    limit: ANNOUNCEMENTS_PAGE_SIZE,
    total: pagination?.total ?? 0,
    totalPages: pagination ? Math.max(pagination.totalPages, pageCount(pagination.total, ANNOUNCEMENTS_PAGE_SIZE)) : 1,
  };

  // The edit dialog starts from the row on this page; a pasted link to another one scans the list.
  const editId = params.get("edit")?.trim() ?? "";
  let editTarget: AnnouncementRowView | null = null;
  if (editId && !rows.some((row) => row.id === editId)) {
    try {
      const found = await findAnnouncement(request, editId);
      editTarget = found ? toRow(found, timeZone) : null;
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
    }
  }

  return data(
    {
      rows,
      pageInfo,
      search,
      stats: stats.value,
      statsError: stats.error === null ? null : LIST_LOAD_ERROR,
      error: list.error === null ? null : LIST_LOAD_ERROR,
      editTarget,
      timeZone,
      now: nowLocalDateTime(timeZone),
    },
    list.error === null ? undefined : { status: list.error },
  );
}

/** The upstream body of the create and edit calls: empty imageUrl and publishedAt are left out (docs/product.md#announcement-form). */
function toBody(values: AnnouncementFormValues, isoDate: string): AnnouncementBody {
  const imageUrl = values.imageUrl?.trim();
  return {
    title: values.title,
    description: values.description,
    date: isoDate,
    isActive: values.isActive,
    isPinned: values.isPinned,
    ...(imageUrl ? { imageUrl } : {}),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const back = closeDialogHref(url.pathname, url.search);
  const formData = await submittedForm(request);
  const which = parseForm(formData, AnnouncementIntentSchema);
  if (!which.ok) return rejectedForm({ errors: which.errors, values: {} });
  const intent = which.data.intent;

  if (intent === "create" || intent === "update") {
    const form = parseForm(formData, AnnouncementFormSchema);
    if (!form.ok) return invalidSubmission(form.errors, form.values);
    const isoDate = localDateTimeToIso(form.data.date, env().APP_TIMEZONE);
    if (!isoDate)
      return invalidSubmission({ date: { type: "custom", message: ANNOUNCEMENT_MESSAGES.invalidDate } }, form.values);
    const body = toBody(form.data, isoDate);
    let id = "";
    if (intent === "update") {
      const target = parseForm(formData, AnnouncementTargetSchema);
      if (!target.ok) return rejectedForm({ errors: target.errors, values: form.values });
      id = target.data.id;
    }
    try {
      const message =
        intent === "create" ? await createAnnouncement(request, body) : await updateAnnouncement(request, id, body);
      return redirectWithSuccess(request, back, message.trim() || TEXTS[intent].ok);
    } catch (error) {
      return failSubmission(shownFailure(error), form.values, TEXTS[intent].failed);
    }
  }

  const target = parseForm(formData, AnnouncementRowActionSchema);
  if (!target.ok) return rejectedForm({ errors: target.errors, values: {} });
  const { id } = target.data;

  if (intent === "delete") {
    try {
      const message = await deleteAnnouncement(request, id);
      return redirectWithSuccess(request, back, message.trim() || TEXTS.delete.ok);
    } catch (error) {
      return redirectWithError(request, back, shownFailure(error).messageOr(TEXTS.delete.failed));
    }
  }

  // The toggles say the state they want; the action acts only when the announcement is not in it yet.
  const flag = intent === "toggle-status" ? "isActive" : "isPinned";
  const wanted = target.data[flag];
  if (wanted === undefined) {
    return rejectedForm({
      errors: { [flag]: { type: "custom", message: `${flag} must be true or false` } },
      values: {},
    });
  }
  try {
    const message = await setAnnouncementFlag(request, id, flag, wanted === "true");
    return redirectWithSuccess(request, back, message?.trim() || TEXTS[intent].ok);
  } catch (error) {
    return redirectWithError(request, back, shownFailure(error).messageOr(TEXTS[intent].failed));
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Announcements · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

/** A new announcement: active, not pinned, dated now, no image (docs/product.md#announcement-form). */
function newAnnouncement(now: string): AnnouncementFormStart {
  return { title: "", description: "", date: now, imageUrl: "", isActive: true, isPinned: false };
}

function editStart(row: AnnouncementRowView): AnnouncementFormStart {
  return {
    title: row.title,
    description: row.description,
    date: row.dateLocal,
    imageUrl: row.imageUrl,
    isActive: row.isActive,
    isPinned: row.isPinned,
  };
}

export default function Announcements({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, pageInfo, search, stats, statsError, error, editTarget, timeZone, now } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const closeTo = closeDialogHref(location.pathname, location.search);
  const newHref = `${closeTo}${closeTo.includes("?") ? "&" : "?"}new`;
  const searching = search.trim() !== "";

  // The spinner shows while another state of this list loads (page, search, after a change),
  // not while a dialog opens or closes.
  const next = navigation.location;
  const loading =
    navigation.state === "loading" &&
    next?.pathname === location.pathname &&
    (navigation.formMethod !== undefined || closeDialogHref(next.pathname, next.search) !== closeTo);

  // What a failed create or update handed back, for the dialog it came from.
  const failure = (intent: "create" | "update", id?: string): AnnouncementFormFailure | undefined => {
    const values = actionData?.values;
    if (!values || values.intent !== intent || (id !== undefined && values.id !== id)) return undefined;
    return { errors: actionData?.errors, values, formError: actionData?.formError };
  };

  const editId = params.get("edit");
  const editing = editId
    ? (rows.find((row) => row.id === editId) ?? (editTarget?.id === editId ? editTarget : null))
    : null;
  const deleteId = params.get("confirm") === "delete" ? params.get("id") : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-3 text-2xl font-semibold tracking-tight text-slate-900">
            Announcements
            {loading ? <Spinner label="Loading announcements" /> : null}
          </h1>
          <p className="mt-1 text-sm text-slate-600">Create and manage community announcements</p>
        </div>
        <ButtonLink to={newHref} preventScrollReset className="self-start sm:self-auto">
          <PlusIcon className="size-4" aria-hidden="true" />
          Create Announcement
        </ButtonLink>
      </div>

      <StatTiles stats={stats} error={statsError} />

      <SearchFilters
        label="Search announcements"
        search={{ value: search, placeholder: "Search announcements...", label: "Search announcements" }}
      />

      <section
        aria-label="Announcements list"
        aria-busy={loading || undefined}
        className={`rounded-xl bg-surface shadow-sm ring-1 ring-slate-200 transition-opacity ${loading ? "opacity-60" : ""}`}
      >
        {error ? (
          <EmptyState tone="error" icon={ExclamationTriangleIcon} title={error} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={MegaphoneIcon}
            title="No Announcements Found"
            description={
              searching ? "No announcements match your search criteria." : "No announcements have been created yet."
            }
          />
        ) : (
          <ul className="divide-y divide-slate-200">
            {rows.map((row) => (
              <AnnouncementRow
                key={row.id}
                announcement={row}
                actionHref={closeTo}
                editHref={dialogHref(location.pathname, location.search, { edit: row.id })}
                deleteHref={dialogHref(location.pathname, location.search, { confirm: "delete", id: row.id })}
              />
            ))}
          </ul>
        )}
      </section>

      {error ? null : <NumberedPagination {...pageInfo} />}

      {params.has("new") ? (
        <AnnouncementFormDialog
          key="new"
          mode="create"
          start={newAnnouncement(now)}
          failure={failure("create")}
          closeTo={closeTo}
          actionHref={`${location.pathname}${location.search}`}
          timeZone={timeZone}
        />
      ) : editId && editing ? (
        <AnnouncementFormDialog
          key={`edit-${editing.id}`}
          mode="edit"
          id={editing.id}
          start={editStart(editing)}
          failure={failure("update", editing.id)}
          closeTo={closeTo}
          actionHref={`${location.pathname}${location.search}`}
          timeZone={timeZone}
        />
      ) : editId ? (
        <Dialog title="Edit Announcement" closeTo={closeTo}>
          <FormAlert>Announcement not found</FormAlert>
          <div className="mt-5 flex justify-end">
            <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
              Close
            </ButtonLink>
          </div>
        </Dialog>
      ) : deleteId ? (
        <ConfirmDialog
          title="Delete Announcement"
          description="Are you sure you want to delete this announcement? This action cannot be undone."
          confirmLabel="Delete"
          fields={{ intent: "delete", id: deleteId }}
          cancelTo={closeTo}
        />
      ) : null}
    </div>
  );
}
