import * as z from "zod/mini";

import { entityId, UNKNOWN_ACTION } from "~/forms/fields";
import { reasonFields } from "~/forms/moderation-reasons";

// The citizenship queue's actions (docs/product.md#citizenship-queue). Read by its action only.

const requestId = () => entityId("Request id is required");

/** The longest message to the member a rejection sends (the push call's body). */
export const MEMBER_MESSAGE_MAX = 500;

/**
 * What each of the queue's buttons posts: a decision (reject's own fields are read by
 * RejectFieldsSchema), Skip, Take over, and "Show skipped requests again".
 */
export const QueueActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), id: requestId() }),
    z.object({ intent: z.literal("reject"), id: requestId() }),
    z.object({ intent: z.literal("skip"), id: requestId() }),
    z.object({ intent: z.literal("take-over"), id: requestId() }),
    z.object({ intent: z.literal("unskip") }),
  ],
  { error: UNKNOWN_ACTION },
);

/** Reject's reason (the shared list plus "Other") and the optional message to the member. */
export const RejectReasonSchema = reasonFields("reject");

/** Reject's optional message to the member, sent with the push call after the rejection. */
export const MemberMessageSchema = z.object({
  message: z.optional(
    z.string().check(z.trim(), z.maxLength(MEMBER_MESSAGE_MAX, `At most ${MEMBER_MESSAGE_MAX} characters`)),
  ),
});
