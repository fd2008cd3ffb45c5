import * as z from "zod/mini";

import { UNKNOWN_ACTION } from "~/forms/fields";

// The user details page's intents, read by its action only (a .server module: never in the
// browser's bundle). The push form's fields are PushNotificationSchema (users.ts), which the browser
// checks too. The users list's intents are its action table's (routes/admin/users/user-actions.server.ts).

/** The user details page's one action, Send Push Notification (its fields: PushNotificationSchema). */
export const UserDetailsActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("notify") })], {
  error: UNKNOWN_ACTION,
});
