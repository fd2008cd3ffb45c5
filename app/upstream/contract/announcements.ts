/** Contract of the announcement calls. */
import { z } from "zod";
import { defineEndpoint, IdSchema, SuccessAnswerSchema, PagePaginationSchema, PageQuerySchema } from "./common.ts";
import { isAbsoluteUrl } from "../../lib/file-link.ts";

/** Limits of docs/product.md#announcement-form. */
export const ANNOUNCEMENT_TITLE_MAX = 255;
export const ANNOUNCEMENT_DESCRIPTION_MAX = 2000;

const IsoDateTimeSchema = z.iso.datetime({ local: true, offset: true });

/** True for an ISO 8601 date-time, with or without seconds and offset. */
export function isIsoDateTime(value: string): boolean {
  return IsoDateTimeSchema.safeParse(value).success;
}

/** An announcement (docs/product.md#data-and-fields). */
export const AnnouncementSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  date: z.string(),
  isActive: z.boolean(),
  isPinned: z.boolean(),
  imageUrl: z.string().nullish(),
  publishedAt: z.string().nullish(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Announcement = z.output<typeof AnnouncementSchema>;

/** Body of POST /announcements and PUT /announcements/{id}; messages as in docs/product.md#announcement-form. */
export const AnnouncementBodySchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(ANNOUNCEMENT_TITLE_MAX, "Title must be less than 255 characters"),
  description: z
    .string({ error: "Description is required" })
    .trim()
    .min(1, "Description is required")
    .max(ANNOUNCEMENT_DESCRIPTION_MAX, "Description must be less than 2000 characters"),
  date: z
    .string({ error: "Date is required" })
    .trim()
    .min(1, "Date is required")
    .refine(isIsoDateTime, "Date must be a valid date-time"),
  isActive: z.boolean({ error: "isActive must be a boolean" }).optional(),
  isPinned: z.boolean({ error: "isPinned must be a boolean" }).optional(),
  // Empty values mean "none": the panel omits them, other clients may send "" or null.
  imageUrl: z
    .string({ error: "Please enter a valid URL" })
    .trim()
    .refine((value) => value === "" || isAbsoluteUrl(value), "Please enter a valid URL")
    .nullish(),
  publishedAt: z
    .string({ error: "Published date must be a valid date-time" })
    .trim()
    .refine((value) => value === "" || isIsoDateTime(value), "Published date must be a valid date-time")
    .nullish(),
});
export type AnnouncementBody = z.input<typeof AnnouncementBodySchema>;

/** Query of GET /announcements. */
export const AnnouncementListQuerySchema = PageQuerySchema;

/** Answer of GET /announcements: pinned first, then newest date. */
export const AnnouncementListAnswerSchema = z.object({
  data: z.array(AnnouncementSchema),
  pagination: PagePaginationSchema,
});

/** The four tiles of the announcements screen. */
export const AnnouncementStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  pinned: z.number().int(),
  today: z.number().int(),
});

/** Answer of GET /announcements/stats/overview. */
export const AnnouncementStatsAnswerSchema = z.object({ data: AnnouncementStatsSchema });

/**
 * The announcement calls of docs/product.md#upstream-calls. The mutations answer `{ message, data }`,
 * but the panel uses only the message (it reloads the list and stats), so any 2xx is a success.
 */
export const announcementEndpoints = {
  stats: defineEndpoint({
    method: "GET",
    path: "/announcements/stats/overview",
    answer: AnnouncementStatsAnswerSchema,
  }),
  list: defineEndpoint({
    method: "GET",
    path: "/announcements",
    query: AnnouncementListQuerySchema,
    answer: AnnouncementListAnswerSchema,
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/announcements",
    body: AnnouncementBodySchema,
    answer: SuccessAnswerSchema,
  }),
  update: defineEndpoint({
    method: "PUT",
    path: "/announcements/:id",
    body: AnnouncementBodySchema,
    answer: SuccessAnswerSchema,
  }),
  remove: defineEndpoint({ method: "DELETE", path: "/announcements/:id", answer: SuccessAnswerSchema }),
  toggleStatus: defineEndpoint({
    method: "PATCH",
    path: "/announcements/:id/toggle-status",
    answer: SuccessAnswerSchema,
  }),
  togglePinned: defineEndpoint({
    method: "PATCH",
    path: "/announcements/:id/toggle-pinned",
    answer: SuccessAnswerSchema,
  }),
} as const;
