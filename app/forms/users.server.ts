import * as z from "zod/mini";

import { entityId, UNKNOWN_ACTION } from "~/forms/fields";

// The user details page's intents, read by its action only (a .server module: never in the
// browser's bundle). The push form's fields are PushNotificationSchema (users.ts), which the browser
// checks too; a staff note's, StaffNoteSchema (staff-notes.ts). The users list's intents are its
// action table's (routes/admin/users/user-actions.server.ts).

const noteId = () => entityId("Note id is required");

/**
 * The user details page's actions: Send Push Notification (its fields: PushNotificationSchema),
 * Ban and Un-Ban (docs/product.md#bans-with-an-end: the ban's terms are read by its table entry), Warn,
 * and a staff note's add, edit and delete (docs/product.md#staff-notes).
 */
export const UserDetailsActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("notify") }),
    z.object({ intent: z.literal("ban") }),
    z.object({ intent: z.literal("unban") }),
    z.object({ intent: z.literal("warn") }),
    z.object({ intent: z.literal("add-note") }),
    z.object({ intent: z.literal("edit-note"), id: noteId() }),
    z.object({ intent: z.literal("delete-note"), id: noteId() }),
  ],
  { error: UNKNOWN_ACTION },
);
