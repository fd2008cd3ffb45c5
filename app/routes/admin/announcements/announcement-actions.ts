/**
 * The announcements screen's action table, its browser half (docs/product.md#announcements): how
 * each action is confirmed. Delete asks (`?confirm=delete&id=<id>`); the toggles post at once,
 * each saying the state it wants. Its server half, keyed the same
 * (announcement-actions.server.ts), is typed from these keys.
 */
import type { AnnouncementRowView } from "./announcement-row";
import { type Confirmations, deleteConfirmation } from "~/recipe/confirmation";

export const ANNOUNCEMENT_CONFIRMATIONS = {
  activate: { asks: "nothing" },
  deactivate: { asks: "nothing" },
  pin: { asks: "nothing" },
  unpin: { asks: "nothing" },
  delete: deleteConfirmation<AnnouncementRowView>("announcement", (announcement) => announcement.title),
} satisfies Confirmations<AnnouncementRowView>;

/** An action of the announcements screen. */
export type AnnouncementIntent = keyof typeof ANNOUNCEMENT_CONFIRMATIONS;
