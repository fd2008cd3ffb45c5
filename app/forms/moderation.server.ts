import * as z from "zod/mini";

import { entityId, UNKNOWN_ACTION } from "~/forms/fields";

// The moderation screens' row actions (docs/product.md#citizenship-requests, docs/product.md#posts).
// Read by the actions only (a .server module: never in the browser's bundle).

/** A citizenship request's id as its Approve and Reject post it. */
const requestId = () => entityId("Request id is required");

/** Approve or reject a citizenship request: the dashboard's and the citizenship requests screen's actions. */
export const BadgeDecisionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), id: requestId() }),
    z.object({ intent: z.literal("reject"), id: requestId() }),
  ],
  { error: UNKNOWN_ACTION },
);

/** The posts screen's one row action. */
export const PostActionSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("delete"), id: entityId("Post id is required") })],
  { error: UNKNOWN_ACTION },
);
