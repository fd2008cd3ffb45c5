/** Announcements: paged list, stats, create, update, delete and the two toggles. */
import type { z } from "zod";
import { announcementEndpoints, AnnouncementBodySchema } from "../../app/upstream/contract/announcements.ts";
import { notFound } from "../errors.ts";
import type { ApiContext, ApiResult, Router } from "../router.ts";
import type { AnnouncementRecord } from "../types.ts";
import { validate } from "../validation.ts";
import { announcementView } from "../views.ts";
import { matchesSearch, paginate, parseId } from "./lookup.ts";

type AnnouncementInput = z.output<typeof AnnouncementBodySchema>;

/** An ISO date-time without offset is read as UTC, so the stored value never depends on the host's zone. */
function toIso(value: string): string {
  const withZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  return new Date(withZone).toISOString();
}

/** Empty means "none"; undefined means "not sent". */
function optionalIso(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value ? toIso(value) : null;
}

function announcementOr404(context: ApiContext): AnnouncementRecord {
  const id = parseId(context.params.id);
  const announcement = context.store.data.announcements.find((candidate) => candidate.id === id);
  if (!announcement) throw notFound("Announcement not found");
  return announcement;
}

/** Pinned first, then newest date, then newest id. */
function displayOrder(a: AnnouncementRecord, b: AnnouncementRecord): number {
  return Number(b.isPinned) - Number(a.isPinned) || Date.parse(b.date) - Date.parse(a.date) || b.id - a.id;
}

function listAnnouncements({ store, query, origin }: ApiContext): ApiResult {
  const search = query.get("search");
  const matching = store.data.announcements
    .filter((announcement) => matchesSearch(search, [announcement.title, announcement.description]))
    .sort(displayOrder);
  const page = paginate(matching, query);
  return {
    body: {
      data: page.items.map((announcement) => announcementView(announcement, origin)),
      pagination: {
        page: page.page,
        limit: page.limit,
        total: page.total,
        totalPages: page.totalPages,
        hasNext: page.page < page.totalPages,
        hasPrev: page.page > 1,
      },
    },
  };
}

function stats({ store, now }: ApiContext): ApiResult {
  const all = store.data.announcements;
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayEnd = dayStart + 86_400_000;
  const today = all.filter((announcement) => {
    const at = Date.parse(announcement.date);
    return at >= dayStart && at < dayEnd;
  }).length;
  return {
    body: {
      data: {
        total: all.length,
        active: all.filter((announcement) => announcement.isActive).length,
        pinned: all.filter((announcement) => announcement.isPinned).length,
        today,
      },
    },
  };
}

function create({ store, body, origin, now }: ApiContext): ApiResult {
  const input: AnnouncementInput = validate(AnnouncementBodySchema, body);
  const at = now.toISOString();
  const announcement: AnnouncementRecord = {
    id: store.data.counters.announcement++,
    title: input.title,
    description: input.description,
    date: toIso(input.date),
    isActive: input.isActive ?? true,
    isPinned: input.isPinned ?? false,
    imageUrl: input.imageUrl || null,
    publishedAt: optionalIso(input.publishedAt) ?? null,
    createdAt: at,
    updatedAt: at,
  };
  store.data.announcements.push(announcement);
  store.changed();
  return {
    status: 201,
    body: { message: "Announcement created successfully", data: announcementView(announcement, origin) },
  };
}

function update(context: ApiContext): ApiResult {
  const input: AnnouncementInput = validate(AnnouncementBodySchema, context.body);
  const announcement = announcementOr404(context);
  announcement.title = input.title;
  announcement.description = input.description;
  announcement.date = toIso(input.date);
  if (input.isActive !== undefined) announcement.isActive = input.isActive;
  if (input.isPinned !== undefined) announcement.isPinned = input.isPinned;
  // The panel omits empty optional fields, so "not sent" keeps the value and "" clears it.
  if (input.imageUrl !== undefined) announcement.imageUrl = input.imageUrl || null;
  const publishedAt = optionalIso(input.publishedAt);
  if (publishedAt !== undefined) announcement.publishedAt = publishedAt;
  announcement.updatedAt = context.now.toISOString();
  context.store.changed();
  return {
    body: { message: "Announcement updated successfully", data: announcementView(announcement, context.origin) },
  };
}

function remove(context: ApiContext): ApiResult {
  const announcement = announcementOr404(context);
  context.store.data.announcements = context.store.data.announcements.filter((candidate) => candidate !== announcement);
  context.store.changed();
  return { body: { message: "Announcement deleted successfully" } };
}

function toggle(field: "isActive" | "isPinned", message: string) {
  return (context: ApiContext): ApiResult => {
    const announcement = announcementOr404(context);
    announcement[field] = !announcement[field];
    announcement.updatedAt = context.now.toISOString();
    context.store.changed();
    return { body: { message, data: announcementView(announcement, context.origin) } };
  };
}

/** Registers the /announcements routes. */
export function registerAnnouncementRoutes(router: Router): void {
  router
    .add(announcementEndpoints.stats, "staff", stats)
    .add(announcementEndpoints.list, "staff", listAnnouncements)
    .add(announcementEndpoints.create, "admin", create)
    .add(announcementEndpoints.update, "admin", update)
    .add(announcementEndpoints.remove, "admin", remove)
    .add(announcementEndpoints.toggleStatus, "admin", toggle("isActive", "Status updated successfully"))
    .add(announcementEndpoints.togglePinned, "admin", toggle("isPinned", "Pinned status updated successfully"));
}
