/**
 * The users list's row actions as data (docs/product.md#users-list): how each intent is confirmed
 * and the state check its action makes before sending. The browser renders the confirmations from
 * it; the action (list.tsx) checks the same functions against the user's current state upstream.
 */
import type { Confirmations } from "~/recipe/confirmation";
import type { User } from "~/upstream/contract/users";

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

/** What the checks read of an upstream user (the list's rows are built from it too). */
export function userState(user: User): UserState {
  return {
    id: user.id,
    label: user.fullName?.trim() || user.email,
    isBanned: user.isBanned,
    isEmailVerified: user.isEmailVerified,
    status: user.status,
  };
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

/**
 * The users screen's actions (docs/product.md#users-list) and how each is confirmed
 * (`?confirm=<intent>&id=<id>`): the table's browser half, which the list renders. Its server half,
 * keyed the same (user-actions.server.ts: label, reason, upstream call, toasts, the trail's words),
 * is typed from these keys, so an action added here and not there fails the typecheck. The route's
 * intent schema, its `switch`, the bulk actions and History all read the two.
 */
export const USER_CONFIRMATIONS = {
  ban: {
    asks: "dialog",
    title: (user) => `Ban User ${user.label}?`,
    description: "Are you sure you want to ban this User",
    confirmLabel: "Ban",
    stale: banStale,
    terms: "ban",
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

/** An action of the users screen. */
export type UserIntent = keyof typeof USER_CONFIRMATIONS;
