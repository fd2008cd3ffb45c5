import * as z from "zod/mini";

import { entityId, UNKNOWN_ACTION } from "~/forms/fields";

// The users screens' intents, read by their actions only (a .server module: never in the browser's
// bundle). The push form's fields are PushNotificationSchema (users.ts), which the browser checks too.

/** A user's id as the users list's row actions post it. */
const userId = () => entityId("User id is invalid");

/** The users list's row actions (docs/product.md#users-list): which one, on which user. */
export const UserRowActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("ban"), id: userId() }),
    z.object({ intent: z.literal("unban"), id: userId() }),
    z.object({ intent: z.literal("verify"), id: userId() }),
  ],
  { error: UNKNOWN_ACTION },
);

/** The user details page's one action, Send Push Notification (its fields: PushNotificationSchema). */
export const UserDetailsActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("notify") })], {
  error: UNKNOWN_ACTION,
});
