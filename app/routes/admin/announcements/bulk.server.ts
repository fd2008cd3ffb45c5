/**
 * What the announcements list's bulk actions act on (docs/product.md#bulk-actions): every action of
 * the screen's table (announcement-actions.server.ts), on the announcements the list holds.
 */
import type { AnnouncementIntent } from "./announcement-actions";
import { ANNOUNCEMENT_TABLE } from "./announcement-actions.server";
import { announcementPages } from "./list-rows.server";
import type { BulkList, FoundItem } from "~/bulk/bulk-list";
import type { Announcement } from "~/upstream/contract/announcements";

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
