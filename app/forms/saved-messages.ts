import * as z from "zod/mini";

import { SAVED_MESSAGE_ACTIONS, SAVED_MESSAGE_MAX, SAVED_MESSAGE_TITLE_MAX } from "~/lib/saved-message-actions";

const text = (missing: string, max: number) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, `At most ${max} characters`));

/** A saved message's fields (docs/product.md#saved-messages), created or edited on /messages. */
export const SavedMessageSchema = z.object({
  title: text("Title is required", SAVED_MESSAGE_TITLE_MAX),
  action: z.enum(SAVED_MESSAGE_ACTIONS, { error: "Choose the action it belongs to" }),
  text: text("Text is required", SAVED_MESSAGE_MAX),
});
