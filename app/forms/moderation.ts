import * as z from "zod/mini";

import { entityId } from "~/forms/fields";

/** Approve or reject a citizenship (badge) request (spec 2.10, 2.11). */
export const BadgeDecisionSchema = z.object({
  intent: z.enum(["approve", "reject"], { error: "Unknown action" }),
  id: entityId("Request id is required"),
});
export type BadgeDecision = z.output<typeof BadgeDecisionSchema>;

/** Delete a forum post (spec 2.12). */
export const PostActionSchema = z.object({
  intent: z.enum(["delete"], { error: "Unknown action" }),
  id: entityId("Post id is required"),
});
