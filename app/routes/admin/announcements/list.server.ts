/**
 * The announcements screen's server half (docs/product.md#announcements): the list with its tiles,
 * and what its action (list.tsx) checks and sends.
 */
import { data } from "react-router";

import { ANNOUNCEMENT_TABLE } from "./announcement-actions.server";
import type { AnnouncementRowView } from "./announcement-row";
import { bulkSelectionView } from "~/components/ui/bulk-selection.server";
import { env } from "~/config/env.server";
import { ANNOUNCEMENT_MESSAGES, type AnnouncementFormValues } from "~/forms/announcement";
import { formatDate } from "~/lib/format";
import { localDateTimeToIso, nowLocalDateTime, toLocalDateTime } from "~/lib/local-datetime";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { pageCount, parsePaging } from "~/lib/pagination";
import { settleAll } from "~/upstream/settle.server";
import { bulkChoices } from "~/recipe/action-table.server";
import { failedStatus, refuse } from "~/recipe/failure.server";
import {
  ANNOUNCEMENTS_PAGE_SIZE,
  findAnnouncement,
  getAnnouncementStats,
  listAnnouncements,
} from "~/upstream/announcements.server";
import type { Announcement, AnnouncementBody } from "~/upstream/contract/announcements";
import { isUpstreamError } from "~/upstream/errors";
import { safeFileLink } from "~/upstream/file-links.server";
import { may, mayPost } from "~/session/permissions";
import { requireUser } from "~/session/user.server";

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

/** The id of the announcement the URL's dialog is about: `?edit=<id>` or `?confirm=delete&id=<id>`. */
function dialogTargetId(params: URLSearchParams): string {
  const id = params.get("edit") ?? (params.get("confirm") === "delete" ? params.get("id") : null);
  return id?.trim() ?? "";
}

/** The bulk actions on announcements (docs/product.md#bulk-selection): the screen's table, labelled as its row actions. */
const ANNOUNCEMENT_BULK_ACTIONS = bulkChoices(ANNOUNCEMENT_TABLE);

/** The list, the tiles and, for a dialog link to an announcement not on this page, the announcement it names. */
export async function loadAnnouncements(request: Request) {
  const params = new URL(request.url).searchParams;
  const { page } = parsePaging(params, { defaultLimit: ANNOUNCEMENTS_PAGE_SIZE, sizes: [ANNOUNCEMENTS_PAGE_SIZE] });
  const search = params.get("search") ?? "";
  const { APP_TIMEZONE: timeZone, BULK_MAX: max } = env();
  // What the admin's role offers (permissions.ts).
  const { panelRole: role } = await requireUser(request);
  const can = { manage: may(role, "announcements"), audit: may(role, "read-audit"), export: may(role, "export") };
  const actions = ANNOUNCEMENT_BULK_ACTIONS.filter(([intent]) => mayPost(role, "/announcements/bulk", intent));

  // The list and the tiles are independent: one round trip, and one failing leaves the other.
  const listCall = loadPage(request, page, search);
  const [list, stats] = await settleAll([listCall, getAnnouncementStats(request)] as const);

  const rows = list.ok ? list.value.data.map((announcement) => toRow(announcement, timeZone)) : [];
  const pagination = list.ok ? list.value.pagination : undefined;
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
      stats: stats.ok ? stats.value : null,
      statsError: stats.ok ? null : LIST_LOAD_ERROR,
      error: list.ok ? null : LIST_LOAD_ERROR,
      dialogTarget,
      can,
      bulk: bulkSelectionView(request, {
        actions,
        rows: rows.map((row) => row.id),
        matching: search.trim() ? pageInfo.total : null,
        max,
        paged: pageInfo.totalPages > 1,
      }),
      timeZone,
      now: nowLocalDateTime(timeZone),
    },
    list.ok ? undefined : { status: await failedStatus(listCall) },
  );
}

/**
 * The upstream body of the create and edit calls. The date is the form's local time in the panel's
 * time zone; one the zone cannot place is refused on its field. Create leaves an empty imageUrl out
 * (docs/product.md#announcement-form); edit sends it as null, since the upstream keeps a field that is not sent and
 * the edit form shows the stored image: an emptied field means "remove the image".
 */
export function announcementBody(values: AnnouncementFormValues, intent: "create" | "update"): AnnouncementBody {
  const date = localDateTimeToIso(values.date, env().APP_TIMEZONE);
  if (!date) refuse(ANNOUNCEMENT_MESSAGES.invalidDate, { field: "date" });
  const imageUrl = values.imageUrl?.trim();
  return {
    title: values.title,
    description: values.description,
    date,
    isActive: values.isActive,
    isPinned: values.isPinned,
    ...(imageUrl ? { imageUrl } : intent === "update" ? { imageUrl: null } : {}),
  };
}
