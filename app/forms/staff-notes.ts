import * as z from "zod/mini";

import { NOTE_MAX_LENGTH } from "~/forms/staff-note-limits";

/** A staff note's one field (docs/product.md#staff-notes), added or edited on user details. */
export const StaffNoteSchema = z.object({
  text: z
    .string({ error: "Note is required" })
    .check(
      z.trim(),
      z.minLength(1, "Note is required"),
      z.maxLength(NOTE_MAX_LENGTH, `At most ${NOTE_MAX_LENGTH} characters`),
    ),
});
