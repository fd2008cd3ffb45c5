/**
 * The posts screen's action table, its browser half (docs/product.md#posts): how each action is
 * confirmed (`?confirm=delete&id=<id>`). Its server half, keyed the same (post-actions.server.ts),
 * is typed from these keys.
 */
import type { PostCardData } from "~/components/moderation/post-card";
import { type Confirmations, deleteConfirmation } from "~/recipe/confirmation";

export const POST_CONFIRMATIONS = {
  delete: deleteConfirmation<PostCardData>("post", (post) => post.title),
} satisfies Confirmations<PostCardData>;

/** An action of the posts screen. */
export type PostIntent = keyof typeof POST_CONFIRMATIONS;
