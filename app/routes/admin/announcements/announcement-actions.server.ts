/**
 * The announcements screen's action table, its server half (announcement-actions.ts has the
 * browser's): each action's label, reason, check, upstream call, toasts and the trail's word
 * (app/recipe/action-table.server.ts). The route's `switch`, the bulk actions and History read it.
 * A row's toggle posts the state it wants (AnnouncementActionSchema names it as the table's intent).
 *
 * Beside it, `announcementsBulk`: the list's bulk actions (app/bulk/bulk-list.ts), the same entries on the
 * items a selection names or the list's query matches.
 */
import type { AnnouncementIntent } from "./announcement-actions";
import { ANNOUNCEMENT_NOT_FOUND } from "~/lib/messages";
import type { ActionTable, TableAction, Found } from "~/recipe/action-table.server";
import {
  type AnnouncementFlag,
  deleteAnnouncement,
  findAnnouncement,
  toggleAnnouncement,
} from "~/upstream/announcements.server";
import type { Announcement } from "~/upstream/contract/announcements";
import { announcementPages } from "./list-rows.server";
import type { BulkList, FoundItem } from "~/bulk/bulk-list";

/** An announcement's state for the checks: the announcement, or null once it is gone. */
type AnnouncementState = Announcement | null;

/**
 * An announcement's current state (null: gone) and its title at the time, the read of the row
 * actions before they send. The upstream has no get-one call: findAnnouncement reads the list.
 */
async function readAnnouncement(request: Request, id: string): Promise<Found<AnnouncementState>> {
  const announcement = await findAnnouncement(request, id);
  return { name: announcement?.title ?? null, state: announcement };
}

/** What a toggle says when the announcement is already in the state its button asks for. */
const ALREADY = {
  isActive: { true: "is already active", false: "is already inactive" },
  isPinned: { true: "is already pinned", false: "is not pinned" },
} as const;

/**
 * A toggle that sets `flag` to `wanted`: sent only when the announcement is there and not in that
 * state already (a second tab's stale button, a repeated post).
 */
function setFlag(flag: AnnouncementFlag, wanted: boolean): Pick<TableAction<AnnouncementState>, "stale" | "send"> {
  return {
    stale: (announcement) => {
      if (!announcement) return ANNOUNCEMENT_NOT_FOUND;
      return announcement[flag] === wanted ? `Announcement ${announcement.title} ${ALREADY[flag][`${wanted}`]}` : null;
    },
    send: (request, id) => toggleAnnouncement(request, id, flag),
  };
}

const STATUS_TOASTS = { done: "Status updated successfully", failed: "Failed to update status" };
const PINNED_TOASTS = { done: "Pinned status updated successfully", failed: "Failed to update pinned status" };

/** The announcements screen's actions (docs/product.md#announcements). */
export const ANNOUNCEMENT_TABLE: ActionTable<AnnouncementIntent, AnnouncementState> = {
  kind: "announcement",
  read: readAnnouncement,
  actions: {
    activate: { label: "Activate", ...setFlag("isActive", true), ...STATUS_TOASTS, records: "activated" },
    deactivate: { label: "Deactivate", ...setFlag("isActive", false), ...STATUS_TOASTS, records: "deactivated" },
    pin: { label: "Pin", ...setFlag("isPinned", true), ...PINNED_TOASTS, records: "pinned" },
    unpin: { label: "Unpin", ...setFlag("isPinned", false), ...PINNED_TOASTS, records: "unpinned" },
    delete: {
      label: "Delete",
      reason: "delete",
      stale: (announcement) => (announcement ? null : ANNOUNCEMENT_NOT_FOUND),
      send: deleteAnnouncement,
      done: "Announcement deleted successfully",
      failed: "Failed to delete announcement",
      records: "deleted",
      goneIsDone: true,
    },
  },
};

/** What the list's bulk actions act on (docs/product.md#bulk-actions): every action of the table, on the announcements the list holds. */
export const announcementsBulk: BulkList<Announcement | null, Announcement, AnnouncementIntent> = {
  path: "announcements",
  title: "Announcements",
  noun: { one: "announcement", many: "announcements" },
  table: ANNOUNCEMENT_TABLE,
  // The upstream has no get-one call: the whole list (no search) says which announcements exist, as
  // the table's read (findAnnouncement) reads it. One it does not hold is gone.
  find: async (request, ids) => {
    const wanted = new Set(ids);
    const found = new Map<string, FoundItem<Announcement | null>>(
      ids.map((id) => [id, { id, name: `Announcement ${id}`, state: null }]),
    );
    for await (const page of announcementPages(request, new URLSearchParams())) {
      for (const announcement of page) {
        if (wanted.has(announcement.id)) found.set(announcement.id, announcementsBulk.fromRow(announcement));
      }
    }
    return found;
  },
  pages: announcementPages,
  fromRow: (announcement) => ({ id: announcement.id, name: announcement.title, state: announcement }),
  // An announcement has no page of its own: the list, searched for its title.
  itemHref: ({ name }) => `/announcements?${new URLSearchParams({ search: name })}`,
};
