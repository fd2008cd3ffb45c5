/** Contract of the user-management and account-deletion calls. */
import { z } from "zod";
import {
  DASHBOARD_RECENT,
  defineEndpoint,
  firstInFull,
  IdInputSchema,
  IdSchema,
  SuccessAnswerSchema,
  PaginationSchema,
  requiredText,
} from "./common.ts";
import { InviteSchema } from "./invites.ts";

/** User statuses of docs/product.md#data-and-fields; answers accept any string because others are shown raw. */
export const UserStatusSchema = z.enum([
  "verified",
  "pending_verification",
  "unverified_email",
  "verified_email",
  "personal_info_submitted",
  "declined",
  "banned",
]);
export type UserStatus = z.output<typeof UserStatusSchema>;

/** Citizenship (badge) request status: 0 not applied, 1 pending, 2 approved. */
export const BadgeRequestStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type BadgeRequestStatus = z.output<typeof BadgeRequestStatusSchema>;

/** Values of the users-list `status` filter: 1 verified, 0 pending, banned. */
export const USER_STATUS_FILTER = { verified: "1", pending: "0", banned: "banned" } as const;
/** The users list's status filter, as the panel names it in its URL. */
export type UserStatusFilter = keyof typeof USER_STATUS_FILTER;

/** A user as the users list and details answers describe it (docs/product.md#data-and-fields). */
export const UserSchema = z.object({
  id: IdSchema,
  fullName: z.string().nullish(),
  email: z.string(),
  phone: z.string().nullish(),
  country: z.string().nullish(),
  dateOfBirth: z.string().nullish(),
  profilePic: z.string().nullish(),
  passport: z.string().nullish(),
  role: z.string(),
  status: z.string(),
  isVerified: z.boolean(),
  isEmailVerified: z.boolean(),
  isBanned: z.boolean(),
  badgeRequestStatus: BadgeRequestStatusSchema,
  badgeFileName: z.string().nullish(),
  devicesCount: z.number().int().nonnegative().default(0),
});
export type User = z.output<typeof UserSchema>;

/** Query of GET /users; `status` is 1, 0 or banned and `badgeRequestStatus` 0, 1 or 2. */
export const UserListQuerySchema = z.object({
  page: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().positive().optional(),
  search: z.string().optional(),
  status: z.string().optional(),
  badgeRequestStatus: z.string().optional(),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;

/** Answer of GET /users. */
export const UserListAnswerSchema = z.object({
  data: z.array(UserSchema),
  pagination: PaginationSchema,
});

/** Answer of GET /users as the dashboard reads it: it counts the users who are not administrators (decision 091). */
export const UserRolesAnswerSchema = z.object({
  data: z.array(z.object({ role: z.string() })),
});

/** A user with the invites they sent, as GET /users/{id} describes it. */
export const UserDetailsSchema = UserSchema.extend({ invitees: z.array(InviteSchema).default([]) });

/** Answer of GET /users/{id}. */
export const UserDetailsAnswerSchema = z.object({ data: UserDetailsSchema });

/** A pending citizenship (badge) request: the requesting user's contact facts. */
export const BadgeRequestSchema = z.object({
  id: IdSchema,
  fullName: z.string().nullish(),
  email: z.string(),
  phone: z.string().nullish(),
  profilePic: z.string().nullish(),
});
export type BadgeRequest = z.output<typeof BadgeRequestSchema>;

/** Answer of GET /users/pending-badges, wrapped twice. */
export const PendingBadgesAnswerSchema = z.object({
  data: z.object({ data: z.array(BadgeRequestSchema) }),
});

/**
 * Answer of GET /users/pending-badges as the dashboard reads it: the first requests in full, the
 * others counted, with their ids for the pending listener (app/upstream/moderation.server.ts).
 */
export const RecentPendingBadgesAnswerSchema = z.object({
  data: z.object({ data: firstInFull(BadgeRequestSchema, DASHBOARD_RECENT, z.object({ id: IdSchema })) }),
});

/** Badge decision values: 2 approves, 0 rejects. */
export const BADGE_APPROVED = 2;
export const BADGE_REJECTED = 0;

/** Body of POST /users/badges/{id}: a JSON number, never a numeric string. */
export const BadgeDecisionBodySchema = z.object({
  approved: z.union([z.literal(BADGE_APPROVED), z.literal(BADGE_REJECTED)], {
    error: (issue) => (issue.input === undefined ? "Approved is required" : "Approved must be 2 or 0"),
  }),
});

/** Optional body of the ban and unban calls, for the reading that puts the id there. */
export const BanBodySchema = z.object({ id: IdInputSchema.optional() });

const EmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Body of POST /users/generate-key (account deletion, step 1). */
export const GenerateKeyBodySchema = z.object({
  email: requiredText("Email is required").toLowerCase().regex(EmailPattern, "Invalid Email"),
});

/** Body of POST /users/delete-user (account deletion, step 2). */
export const DeleteUserBodySchema = z.object({
  email: requiredText("Email is required").toLowerCase().regex(EmailPattern, "Invalid Email"),
  securityKey: requiredText("Security key is required"),
});

/**
 * The user calls of docs/product.md#upstream-calls (static paths come before `:id` ones on purpose);
 * `roles` and `recentPendingBadges` are `list` and `pendingBadges` read for the dashboard (decision 091).
 */
export const userEndpoints = {
  generateKey: defineEndpoint({
    method: "POST",
    path: "/users/generate-key",
    body: GenerateKeyBodySchema,
    answer: SuccessAnswerSchema,
  }),
  deleteUser: defineEndpoint({
    method: "POST",
    path: "/users/delete-user",
    body: DeleteUserBodySchema,
    answer: SuccessAnswerSchema,
  }),
  list: defineEndpoint({ method: "GET", path: "/users", query: UserListQuerySchema, answer: UserListAnswerSchema }),
  roles: defineEndpoint({ method: "GET", path: "/users", query: UserListQuerySchema, answer: UserRolesAnswerSchema }),
  pendingBadges: defineEndpoint({ method: "GET", path: "/users/pending-badges", answer: PendingBadgesAnswerSchema }),
  recentPendingBadges: defineEndpoint({
    method: "GET",
    path: "/users/pending-badges",
    answer: RecentPendingBadgesAnswerSchema,
  }),
  decideBadge: defineEndpoint({
    method: "POST",
    path: "/users/badges/:id",
    body: BadgeDecisionBodySchema,
    answer: SuccessAnswerSchema,
  }),
  verify: defineEndpoint({ method: "POST", path: "/users/verify/:id", answer: SuccessAnswerSchema }),
  ban: defineEndpoint({ method: "GET", path: "/users/ban/:id", body: BanBodySchema, answer: SuccessAnswerSchema }),
  unban: defineEndpoint({ method: "GET", path: "/users/un-ban/:id", body: BanBodySchema, answer: SuccessAnswerSchema }),
  details: defineEndpoint({ method: "GET", path: "/users/:id", answer: UserDetailsAnswerSchema }),
} as const;
