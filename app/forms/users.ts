import * as z from "zod/mini";

import { requiredText } from "~/forms/fields";

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
