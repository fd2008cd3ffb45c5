/** The announcement calls of docs/product.md#upstream-calls: list, stats, create, update, delete and the two toggles. */
import { callEndpoint } from "~/upstream/client.server";
import { type Announcement, type AnnouncementBody, announcementEndpoints } from "~/upstream/contract/announcements";

/** The announcements list's fixed page size (docs/product.md#announcements). */
export const ANNOUNCEMENTS_PAGE_SIZE = 10;

/** The largest page the upstream hands out; scans for one announcement read pages this big. */
const SCAN_PAGE_SIZE = 100;

/** Scans stop after this many pages (10,000 announcements): a guard against a looping upstream. */
const MAX_SCAN_PAGES = 100;

/** GET /announcements: one page, 10 per page; an empty search is left out of the query (docs/product.md#upstream-calls). */
export async function listAnnouncements(request: Request, { page, search }: { page: number; search?: string }) {
  const term = search?.trim();
  const { data } = await callEndpoint(request, announcementEndpoints.list, {
    query: { page, limit: ANNOUNCEMENTS_PAGE_SIZE, ...(term ? { search: term } : {}) },
    retry: "safe-read",
  });
  return data;
}

/** GET /announcements/stats/overview: the four tiles. */
export async function getAnnouncementStats(request: Request) {
  const { data } = await callEndpoint(request, announcementEndpoints.stats, { retry: "safe-read" });
  return data.data;
}

/**
 * One announcement by id. The upstream has no get-one call, so this reads the list (100 at a
 * time) until it finds it; null when no page holds it.
 */
export async function findAnnouncement(request: Request, id: string): Promise<Announcement | null> {
  for (let page = 1; page <= MAX_SCAN_PAGES; page++) {
    const { data } = await callEndpoint(request, announcementEndpoints.list, {
      query: { page, limit: SCAN_PAGE_SIZE },
      retry: "safe-read",
    });
    const found = data.data.find((announcement) => announcement.id === id);
    if (found) return found;
    if (page >= data.pagination.totalPages || data.data.length === 0) return null;
  }
  return null;
}

/** POST /announcements; answers the server's message. */
export async function createAnnouncement(request: Request, body: AnnouncementBody) {
  const { data } = await callEndpoint(request, announcementEndpoints.create, { body });
  return data.message;
}

/** PUT /announcements/{id}; answers the server's message. */
export async function updateAnnouncement(request: Request, id: string, body: AnnouncementBody) {
  const { data } = await callEndpoint(request, announcementEndpoints.update, { params: { id }, body });
  return data.message;
}

/** DELETE /announcements/{id}; answers the server's message. */
export async function deleteAnnouncement(request: Request, id: string) {
  const { data } = await callEndpoint(request, announcementEndpoints.remove, { params: { id } });
  return data.message;
}

/** The two flags a row can toggle, with their PATCH calls. */
export type AnnouncementFlag = "isActive" | "isPinned";

/** PATCH /announcements/{id}/toggle-status or /toggle-pinned; answers the server's message. */
export async function toggleAnnouncement(request: Request, id: string, flag: AnnouncementFlag) {
  const endpoint = flag === "isActive" ? announcementEndpoints.toggleStatus : announcementEndpoints.togglePinned;
  const { data } = await callEndpoint(request, endpoint, { params: { id } });
  return data.message;
}
