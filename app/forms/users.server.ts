import * as z from "zod/mini";

import { UNKNOWN_ACTION } from "~/forms/fields";

// The user details page's intents, read by its action only (a .server module: never in the
// browser's bundle). The push form's fields are PushNotificationSchema (users.ts), which the browser
// checks too. The users list's intents are its action table's (routes/admin/users/user-actions.server.ts).

/**
 * The user details page's actions: Send Push Notification (its fields: PushNotificationSchema),
 * and Ban and Un-Ban (docs/product.md#bans-with-an-end: the ban's terms are read by readBanTerms).
 */
export const UserDetailsActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("notify") }),
    z.object({ intent: z.literal("ban") }),
    z.object({ intent: z.literal("unban") }),
    z.object({ intent: z.literal("warn") }),
  ],
  { error: UNKNOWN_ACTION },
);
