/**
 * The users list's row actions as data (docs/product.md#users-list): how each intent is confirmed
 * and the state check its action makes before sending. The browser renders the confirmations from
 * it; the action (list.server.ts) checks the same functions against the user's current state upstream.
 */
import type { Confirmations } from "~/recipe/confirmation";

/** The verify question (docs/product.md#users-list): the browser's confirm with JavaScript, the confirmation dialog without. */
const VERIFY_QUESTION = "Are you sure you want to verify this user?";

/** What the checks need to know of a user. */
export interface UserState {
  id: string;
  /** The name a row and its dialogs use: the full name, else the email. */
  label: string;
  isBanned: boolean;
  isEmailVerified: boolean;
  status: string;
}

/** Why banning no longer applies, or null. */
export const banStale = (user: UserState) => (user.isBanned ? `User ${user.label} is already banned` : null);
/** Why un-banning no longer applies, or null. */
export const unbanStale = (user: UserState) => (user.isBanned ? null : `User ${user.label} is not banned`);
/** Why verifying no longer applies, or null. */
export const verifyStale = (user: UserState) =>
  user.status === "verified"
    ? `User ${user.label} is already verified`
    : !user.isEmailVerified
      ? `User ${user.label} has not verified their email yet`
      : null;

/** How each intent is confirmed (`?confirm=<intent>&id=<id>`). */
export const USER_CONFIRMATIONS = {
  ban: {
    asks: "dialog",
    title: (user) => `Ban User ${user.label}?`,
    description: "Are you sure you want to ban this User",
    confirmLabel: "Ban",
    stale: banStale,
  },
  unban: {
    asks: "dialog",
    title: (user) => `Un-Ban User ${user.label}?`,
    description: "Are you sure you want to un-ban this User",
    confirmLabel: "Unban",
    tone: "primary",
    stale: unbanStale,
  },
  verify: {
    asks: "browser",
    title: (user) => `Verify User ${user.label}?`,
    description: VERIFY_QUESTION,
    confirmLabel: "Verify",
    tone: "primary",
    stale: verifyStale,
  },
} satisfies Confirmations<UserState>;
