import * as z from "zod/mini";

import { AnnouncementFormSchema } from "~/forms/announcement";
import { entityId, UNKNOWN_ACTION } from "~/forms/fields";

// The announcements screen's intents, read by its action only (a .server module: never in the
// browser's bundle). The create and edit form's fields are AnnouncementFormSchema (announcement.ts).

/** An announcement id as it travels in forms and URLs. */
const AnnouncementIdSchema = entityId("Announcement id is invalid", "Announcement id is required");

/** Edit Announcement: the form and the announcement it saves. */
export const AnnouncementEditSchema = z.extend(AnnouncementFormSchema, { id: AnnouncementIdSchema });

/** The state a toggle's button asks for: "true" or "false". */
const wanted = (flag: "isActive" | "isPinned") =>
  z.pipe(
    z.enum(["true", "false"], { error: `${flag} must be true or false` }),
    z.transform((value) => value === "true"),
  );

/**
 * The announcements screen's intents (docs/product.md#announcements): create and update (their
 * fields: AnnouncementFormSchema and AnnouncementEditSchema), delete, and the two toggles, which
 * post the state they want (`toggle-status` with `isActive`): read as the action of the screen's
 * table that sets it (activate, deactivate, pin, unpin; announcement-actions.server.ts).
 */
export const AnnouncementActionSchema = z.pipe(
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("create") }),
      z.object({ intent: z.literal("update") }),
      z.object({ intent: z.literal("delete"), id: AnnouncementIdSchema }),
      z.object({ intent: z.literal("toggle-status"), isActive: wanted("isActive"), id: AnnouncementIdSchema }),
      z.object({ intent: z.literal("toggle-pinned"), isPinned: wanted("isPinned"), id: AnnouncementIdSchema }),
    ],
    { error: UNKNOWN_ACTION },
  ),
  z.transform((posted) => {
    switch (posted.intent) {
      case "toggle-status":
        return { intent: posted.isActive ? ("activate" as const) : ("deactivate" as const), id: posted.id };
      case "toggle-pinned":
        return { intent: posted.isPinned ? ("pin" as const) : ("unpin" as const), id: posted.id };
      default:
        return posted;
    }
  }),
);
