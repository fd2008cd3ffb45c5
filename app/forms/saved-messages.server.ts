import * as z from "zod/mini";

import { entityId, UNKNOWN_ACTION } from "~/forms/fields";

// The /messages page's intents, read by its action only. The fields are SavedMessageSchema (saved-messages.ts).

const messageId = () => entityId("Message id is required");

/** /messages' actions (docs/product.md#saved-messages): create, update and delete a saved message. */
export const SavedMessagesActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create") }),
    z.object({ intent: z.literal("update"), id: messageId() }),
    z.object({ intent: z.literal("delete"), id: messageId() }),
  ],
  { error: UNKNOWN_ACTION },
);
