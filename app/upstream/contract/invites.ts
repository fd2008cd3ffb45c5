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

/** Answer of GET /invite as the dashboard reads it: only counted, so each invite need only be an object (decision 091). */
export const InviteCountAnswerSchema = z.object({
  data: z.object({ data: z.array(z.object({})) }),
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

/** The invite calls of docs/product.md#upstream-calls; `count` is `list` read for the dashboard (decision 091). */
export const inviteEndpoints = {
  list: defineEndpoint({ method: "GET", path: "/invite", answer: InviteListAnswerSchema }),
  count: defineEndpoint({ method: "GET", path: "/invite", answer: InviteCountAnswerSchema }),
  ofUser: defineEndpoint({ method: "GET", path: "/invite/get/user-wise/:id", answer: UserInvitesAnswerSchema }),
} as const;
