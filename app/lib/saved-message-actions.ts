/**
 * The actions a saved message belongs to (docs/product.md#saved-messages): the ones that send the
 * member a message. No server code and no zod: the picker and the /messages page import it.
 */
export const SAVED_MESSAGE_ACTIONS = ["warn", "ban", "reject-citizenship"] as const;

/** An action a saved message belongs to. */
export type SavedMessageAction = (typeof SAVED_MESSAGE_ACTIONS)[number];

/** How each action is named on /messages and in the picker. */
export const SAVED_MESSAGE_ACTION_LABELS: Record<SavedMessageAction, string> = {
  warn: "Warn",
  ban: "Ban",
  "reject-citizenship": "Reject citizenship request",
};

/** The longest saved message: the member message's limit (the push call's body). */
export const SAVED_MESSAGE_MAX = 500;
/** The longest title of a saved message. */
export const SAVED_MESSAGE_TITLE_MAX = 80;
