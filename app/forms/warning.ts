import * as z from "zod/mini";

import { BAN_MESSAGE_MAX } from "~/lib/ban-ladder";

/** Warn's texts (docs/product.md#warnings-and-strikes). */
export const WARN_TEXTS = {
  textRequired: "Please write the message to the member",
  sent: "Member warned: the message was sent",
  notSent: "Warning recorded, but the message to the member was not sent",
  failed: "Failed to warn the member",
} as const;

/** "Delete and warn the author" on a post (docs/product.md#posts): its texts beside Warn's. */
export const POST_WARN_TEXTS = {
  noAuthor: "This post has no author to warn",
  /** The warning's reason names the post it concerns (History shows it). */
  about: (post: { id: string; title: string }) => `about post ${post.id}, “${post.title}”`,
  /** What the toast says when the post was deleted and the warning was not recorded. */
  notWarned: "but the author was not warned",
} as const;

/** Warn's message pushed to the member (its reason: reasonFields("ban"), required). */
export const WarnTextSchema = z.object({
  text: z
    .string({ error: WARN_TEXTS.textRequired })
    .check(
      z.trim(),
      z.minLength(1, WARN_TEXTS.textRequired),
      z.maxLength(BAN_MESSAGE_MAX, `At most ${BAN_MESSAGE_MAX} characters`),
    ),
});
