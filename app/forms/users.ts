import * as z from "zod/mini";

import { entityId, requiredText, UNKNOWN_ACTION } from "~/forms/fields";

/** docs/product.md#send-push-notification: both fields must be non-blank, with one message for either. */
export const PUSH_FIELDS_REQUIRED = "Please fill in both title and message";

/** docs/product.md#send-push-notification: the user has no email to send to. */
export const PUSH_EMAIL_MISSING = "User email not found";

/** The 'Send Push Notification' form (docs/product.md#send-push-notification); title and message are trimmed. */
export const PushNotificationSchema = z.object({
  intent: z.literal("notify"),
  title: requiredText(PUSH_FIELDS_REQUIRED),
  message: requiredText(PUSH_FIELDS_REQUIRED),
});
export type PushNotificationValues = z.output<typeof PushNotificationSchema>;

/** A user's id as the users list's row actions post it. */
const userId = () => entityId("User id is invalid");

/** The users list's row actions (docs/product.md#users-list): which one, on which user. Server-side only. */
export const UserRowActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("ban"), id: userId() }),
    z.object({ intent: z.literal("unban"), id: userId() }),
    z.object({ intent: z.literal("verify"), id: userId() }),
  ],
  { error: UNKNOWN_ACTION },
);

/** The user details page's one action, Send Push Notification (its fields: PushNotificationSchema). Server-side only. */
export const UserDetailsActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("notify") })], {
  error: UNKNOWN_ACTION,
});
