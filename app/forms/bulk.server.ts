/**
 * The bulk review page's Confirm form (docs/product.md#bulk-actions): besides the reason fields
 * (reasonFields, app/forms/moderation-reasons.ts), Reject's optional message to the member.
 */
import * as z from "zod/mini";

/** The longest message to the member. */
export const MEMBER_MESSAGE_MAX = 500;

/** Reject's message to the member: optional, and an emptied field sends none. */
export const MemberMessageSchema = z.object({
  message: z.optional(
    z.string().check(z.trim(), z.maxLength(MEMBER_MESSAGE_MAX, `At most ${MEMBER_MESSAGE_MAX} characters`)),
  ),
});
