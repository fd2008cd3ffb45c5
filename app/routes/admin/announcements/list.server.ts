/**
 * The announcements screen's server half (docs/product.md#announcements): the list with its tiles,
 * and the one action (docs/how-a-screen-works.md) with a handler per intent.
 */
import { data } from "react-router";

import type { AnnouncementRowView } from "./announcement-row";
import { env } from "~/config/env.server";
import {
  AnnouncementFormSchema,
  type AnnouncementFormValues,
  AnnouncementTargetSchema,
  ANNOUNCEMENT_MESSAGES,
} from "~/forms/announcement";
import { failSubmission, invalidSubmission, rejectedAction, rejectedForm } from "~/forms/failure.server";
import { parseForm } from "~/forms/form-data.server";
import { formatDate } from "~/lib/format";
import { localDateTimeToIso, nowLocalDateTime, toLocalDateTime } from "~/lib/local-datetime";
import { ANNOUNCEMENT_NOT_FOUND, LIST_LOAD_ERROR } from "~/lib/messages";
import { pageCount, parsePaging } from "~/lib/pagination";
import { type IntentArgs, rowIntent, screenAction } from "~/recipe/screen-action.server";
import { replaceWithSuccess } from "~/session/toast.server";
import {
  ANNOUNCEMENTS_PAGE_SIZE,
  type AnnouncementFlag,
  createAnnouncement,
  deleteAnnouncement,
  findAnnouncement,
  getAnnouncementStats,
  listAnnouncements,
  setAnnouncementFlag,
  updateAnnouncement,
} from "~/upstream/announcements.server";
import type { Announcement, AnnouncementBody } from "~/upstream/contract/announcements";
import { isUpstreamError, screenStatus } from "~/upstream/errors";
import { safeFileLink } from "~/upstream/file-links.server";

/** Success and failure toasts of docs/product.md#announcements, per intent; the server's message wins when it sends one. */
const TEXTS = {
  create: { ok: "Announcement created successfully", failed: "Failed to create announcement" },
  update: { ok: "Announcement updated successfully", failed: "Failed to update announcement" },
  delete: { ok: "Announcement deleted successfully", failed: "Failed to delete announcement" },
  "toggle-status": { ok: "Status updated successfully", failed: "Failed to update status" },
  "toggle-pinned": { ok: "Pinned status updated successfully", failed: "Failed to update pinned status" },
} as const;

const BAD_ID = "Announcement id is invalid";

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

/** The id of the announcement the URL's dialog is about: `?edit=<id>` or `?confirm=delete&id=<id>`. */
function dialogTargetId(params: URLSearchParams): string {
  const id = params.get("edit") ?? (params.get("confirm") === "delete" ? params.get("id") : null);
  return id?.trim() ?? "";
}

/** The list, the tiles and, for a dialog link to an announcement not on this page, the announcement it names. */
export async function loadAnnouncements(request: Request) {
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

  // A dialog (edit, or the delete confirmation) starts from the row on this page; a pasted link to
  // another one scans the list. Either way the dialog learns whether its announcement still exists.
  const targetId = dialogTargetId(params);
  let dialogTarget: AnnouncementRowView | null = null;
  if (targetId && !rows.some((row) => row.id === targetId)) {
    try {
      const found = await findAnnouncement(request, targetId);
      dialogTarget = found ? toRow(found, timeZone) : null;
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
      dialogTarget,
      timeZone,
      now: nowLocalDateTime(timeZone),
    },
    list.error === null ? undefined : { status: list.error },
  );
}

/**
 * The upstream body of the create and edit calls. Create leaves an empty imageUrl out
 * (docs/product.md#announcement-form); edit sends it as null, since the upstream keeps a field that is not sent and
 * the edit form shows the stored image: an emptied field means "remove the image".
 */
function toBody(values: AnnouncementFormValues, isoDate: string, intent: "create" | "update"): AnnouncementBody {
  const imageUrl = values.imageUrl?.trim();
  return {
    title: values.title,
    description: values.description,
    date: isoDate,
    isActive: values.isActive,
    isPinned: values.isPinned,
    ...(imageUrl ? { imageUrl } : intent === "update" ? { imageUrl: null } : {}),
  };
}

/** Create or Edit Announcement: a failure re-renders the dialog with everything typed. */
function saveIntent(intent: "create" | "update") {
  return async ({ request, form: formData, back }: IntentArgs) => {
    const form = parseForm(formData, AnnouncementFormSchema);
    if (!form.ok) return invalidSubmission(form.errors, form.values);
    const isoDate = localDateTimeToIso(form.data.date, env().APP_TIMEZONE);
    if (!isoDate)
      return invalidSubmission({ date: { type: "custom", message: ANNOUNCEMENT_MESSAGES.invalidDate } }, form.values);
    const body = toBody(form.data, isoDate, intent);
    let id = "";
    if (intent === "update") {
      const target = parseForm(formData, AnnouncementTargetSchema);
      if (!target.ok) return rejectedForm({ errors: target.errors, values: form.values });
      id = target.data.id;
    }
    try {
      const message =
        intent === "create" ? await createAnnouncement(request, body) : await updateAnnouncement(request, id, body);
      return await replaceWithSuccess(request, back, message.trim() || TEXTS[intent].ok);
    } catch (error) {
      return failSubmission(error, form.values, TEXTS[intent].failed);
    }
  };
}

/**
 * A toggle says the state it wants (`isActive` or `isPinned`: "true" or "false"), and
 * setAnnouncementFlag acts only when the announcement is not in it yet.
 */
function flagIntent(flag: AnnouncementFlag, intent: "toggle-status" | "toggle-pinned") {
  const toggle = rowIntent({
    send: (request, id, form) => setAnnouncementFlag(request, id, flag, form.get(flag) === "true"),
    done: TEXTS[intent].ok,
    failed: TEXTS[intent].failed,
    badId: BAD_ID,
  });
  return async (args: IntentArgs) => {
    const wanted = args.form.get(flag);
    if (wanted !== "true" && wanted !== "false") {
      const message = `${flag} must be true or false`;
      return rejectedAction(message, {}, { [flag]: { type: "custom", message } });
    }
    return toggle(args);
  };
}

/** The announcements screen's action: create, update, delete and the two toggles. */
export const announcementsAction = screenAction({
  create: saveIntent("create"),
  update: saveIntent("update"),
  delete: rowIntent({
    // The upstream has no get-one call: the check reads the list (findAnnouncement).
    current: findAnnouncement,
    stale: (announcement) => (announcement ? null : ANNOUNCEMENT_NOT_FOUND),
    send: deleteAnnouncement,
    done: TEXTS.delete.ok,
    failed: TEXTS.delete.failed,
    badId: BAD_ID,
  }),
  "toggle-status": flagIntent("isActive", "toggle-status"),
  "toggle-pinned": flagIntent("isPinned", "toggle-pinned"),
});
