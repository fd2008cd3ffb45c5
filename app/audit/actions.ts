/**
 * The words the audit trail records an action in: what happened, in the admin's words and with its
 * direction ("pinned", "unpinned"), never a screen's internal intent (docs/product.md#audit). A
 * route's intent or a bulk action's name becomes its word when the entry is written; the /audit
 * Action filter offers these words, and a filter typed as an intent ("BAN") finds its word.
 */
const ACTION_WORDS = {
  "sign-in": "signed in",
  "sign-out": "signed out",
  ban: "banned",
  unban: "unbanned",
  // A timed ban's end, sent by the panel on its own (docs/product.md#bans-with-an-end).
  "end-ban": "un-banned: the ban ended",
  warn: "warned",
  verify: "verified",
  notify: "sent a push notification",
  approve: "approved",
  reject: "rejected",
  delete: "deleted",
  activate: "activated",
  deactivate: "deactivated",
  pin: "pinned",
  unpin: "unpinned",
  create: "created",
  update: "saved",
  sync: "synced",
  skip: "skipped",
  unskip: "unskipped",
  "take-over": "took over",
  export: "exported",
  // A page or file the admin's role may not open (docs/product.md#roles-and-permissions).
  open: "opened",
  // The roles page and the personal documents (docs/product.md#roles).
  "change-role": "changed the role",
  "reset-second-factor": "reset two-factor authentication",
  "download-passport": "downloaded the passport",
  "open-certificate": "opened the certificate",
  // The second factor (docs/product.md#second-factor).
  "turn-on-second-factor": "turned on two-factor authentication",
  "turn-off-second-factor": "turned off two-factor authentication",
  "use-recovery-code": "used a recovery code",
  // Re-authentication before a guarded action (docs/product.md#re-authentication).
  reauthenticate: "re-authenticated",
  // Entries written before the direction was recorded (their intent said neither).
  "toggle-status": "activated or deactivated",
  "toggle-pinned": "pinned or unpinned",
} as const satisfies Record<string, string>;

/** A word the trail records. */
export type ActionWord = (typeof ACTION_WORDS)[keyof typeof ACTION_WORDS];

/** The words the /audit Action filter offers, in the order of an admin's day. */
export const ACTION_FILTER_WORDS: readonly ActionWord[] = [
  ...new Set(Object.values(ACTION_WORDS).filter((word) => !word.includes(" or "))),
];

/**
 * The word an action is recorded (and filtered) as: an intent or a bulk action's name becomes its
 * word, a word stays itself, anything else is kept lower-cased (a made-up intent, refused).
 */
export function recordedAction(action: string): string {
  const key = action.trim().toLowerCase();
  return Object.hasOwn(ACTION_WORDS, key) ? ACTION_WORDS[key as keyof typeof ACTION_WORDS] : key;
}

/** A word as a label starts: "Banned", "Signed in". */
export function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
