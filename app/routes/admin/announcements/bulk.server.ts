/**
 * The announcements list's bulk actions (docs/product.md#bulk-actions): Activate, Deactivate, Pin,
 * Unpin and Delete, with the row actions' own checks (list.server.ts) and upstream calls.
 */
import { announcementPages } from "./list-rows.server";
import { announcementGone, flagStale } from "./list.server";
import type { BulkList, FoundItem } from "~/bulk/bulk-list";
import { type AnnouncementFlag, deleteAnnouncement, toggleAnnouncement } from "~/upstream/announcements.server";
import type { Announcement } from "~/upstream/contract/announcements";

/** A toggle that sets `flag` to `wanted`: sent only when the announcement is not in that state already. */
const setFlag = (label: string, flag: AnnouncementFlag, wanted: boolean) => ({
  label,
  stale: flagStale(flag, wanted),
  send: (request: Request, id: string) => toggleAnnouncement(request, id, flag),
});

export const announcementsBulk: BulkList<Announcement | null, Announcement> = {
  path: "announcements",
  title: "Announcements",
  noun: { one: "announcement", many: "announcements" },
  kind: "announcement",
  actions: {
    activate: setFlag("Activate", "isActive", true),
    deactivate: setFlag("Deactivate", "isActive", false),
    pin: setFlag("Pin", "isPinned", true),
    unpin: setFlag("Unpin", "isPinned", false),
    delete: {
      label: "Delete",
      reason: "delete",
      stale: announcementGone,
      send: deleteAnnouncement,
      goneIsDone: true,
    },
  },
  // The upstream has no get-one call: the whole list (no search) says which announcements exist, as
  // the row action's findAnnouncement reads it. One it does not hold is gone (announcementGone).
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
