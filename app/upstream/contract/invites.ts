/** Contract of the invite calls. */
import { z } from "zod";
import { defineEndpoint, IdSchema } from "./common.ts";

/** Invite statuses the panel knows; others are displayed raw, so answers accept any string. */
export const InviteStatusSchema = z.enum(["pending", "approved", "rejected", "expired"]);
export type InviteStatus = z.output<typeof InviteStatusSchema>;

/** One invite sent by a member; invitedTo and invitedToEmail both hold the invitee's email. */
export const InviteSchema = z.object({
  id: IdSchema,
  invitedTo: z.string(),
  invitedToEmail: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type Invite = z.output<typeof InviteSchema>;

/** Answer of GET /invite: every invite, wrapped twice. */
export const InviteListAnswerSchema = z.object({
  data: z.object({ data: z.array(InviteSchema) }),
});

/** The inviting user as GET /invite/get/user-wise/{id} describes it. */
export const InviteOwnerSchema = z.object({
  id: IdSchema,
  fullName: z.string().nullish(),
  email: z.string(),
});

/** Answer of GET /invite/get/user-wise/{id}: the user's invites and the user. */
export const UserInvitesAnswerSchema = z.object({
  data: z.array(InviteSchema),
  user: InviteOwnerSchema,
});

/** The invite calls of docs/product.md#upstream-calls. */
export const inviteEndpoints = {
  list: defineEndpoint({ method: "GET", path: "/invite", answer: InviteListAnswerSchema }),
  ofUser: defineEndpoint({ method: "GET", path: "/invite/get/user-wise/:id", answer: UserInvitesAnswerSchema }),
} as const;
