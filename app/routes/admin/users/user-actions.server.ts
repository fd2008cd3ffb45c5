/**
 * The users screen's action table, its server half (user-actions.ts has the browser's: how each
 * action is confirmed, and its check): each action's label, reason, check, upstream call, toasts
 * and the trail's word (app/recipe/action.server.ts). The route's intent schema and
 * `switch`, the bulk actions and History read it. Typed from the browser half's keys: an action
 * in one half and not the other fails the typecheck.
 *
 * Beside it, `usersBulk`: the list's bulk actions (app/bulk/bulk-list.ts), the same entries on the
 * items a selection names or the list's query matches.
 */
import { banStale, unbanStale, type UserIntent, type UserState, userState, verifyStale } from "./user-actions";
import { type ActionTable, rowIntentSchema, tableIntents } from "~/recipe/action.server";
import type { Found } from "~/recipe/outcome.server";
import { banUser, getUser, isAdminUser, unbanUser, verifyUser } from "~/upstream/users.server";
import { userPages } from "./list-rows.server";
import { afterBan, afterUnban } from "~/bans/ban-terms.server";
import { sendNotificationToUser } from "~/upstream/notifications.server";
import type { BulkList } from "~/bulk/bulk-list";
import { findEach } from "~/bulk/find-each.server";
import type { User } from "~/upstream/contract/users";

/**
 * A user's current state and name, the read of the row actions before they send (user-actions.ts
 * checks it; the audit entry names the user as read).
 */
async function readUser(request: Request, id: string): Promise<Found<UserState>> {
  const state = userState(await getUser(request, id));
  return { name: state.label, state };
}

/** The push title of a message to a member about their account (a ban's, a warning's). */
export const MEMBER_PUSH_TITLE = "About your account";

/** Sends `text` to the member through the push call; their address is read from their account, never from a form. */
export async function pushToMember(request: Request, id: string, _state: UserState | null, text: string) {
  const user = await getUser(request, id);
  return sendNotificationToUser(request, { email: user.email, title: MEMBER_PUSH_TITLE, body: text });
}

/** The users screen's actions (docs/product.md#users-list). */
export const USER_TABLE: ActionTable<UserIntent, UserState> = {
  kind: "user",
  read: readUser,
  actions: {
    ban: {
      label: "Ban",
      reason: "ban",
      terms: "ban",
      stale: banStale,
      // Then the end is kept (or a pending one forgotten) and the strike recorded (docs/product.md#bans-with-an-end).
      send: async (request, id, terms) => {
        const answer = await banUser(request, id);
        const warning = await afterBan(id, terms);
        return warning ? `${answer ?? "User banned successfully!"} ${warning}` : answer;
      },
      doneDetail: (message, terms) =>
        terms?.until
          ? [`Banned until ${new Date(terms.until).toISOString()}`, message].filter(Boolean).join(": ")
          : message,
      done: "User banned successfully!",
      failed: "Failed to ban user",
      records: "banned",
      // The optional message to the member, through the push call, once the ban is done.
      message: { defaultText: "", send: pushToMember, saved: "ban" },
    },
    unban: {
      label: "Un-Ban",
      stale: unbanStale,
      // A manual un-ban replaces the pending end: nothing is sent at its time.
      send: async (request, id) => {
        const answer = await unbanUser(request, id);
        await afterUnban(id);
        return answer;
      },
      done: "User un-banned successfully!",
      failed: "Failed to unban user",
      records: "unbanned",
    },
    verify: {
      label: "Verify",
      stale: verifyStale,
      send: verifyUser,
      done: "User verified successfully!",
      failed: "Failed to verify user",
      records: "verified",
    },
  },
};

/** The users list's posts (docs/product.md#users-list): one of the table's intents, on one user. */
export const UserRowActionSchema = rowIntentSchema(tableIntents(USER_TABLE), "User id is invalid");

/** What the list's bulk actions act on (docs/product.md#bulk-actions): every action of the table, on the users the list holds. */
export const usersBulk: BulkList<UserState, User, UserIntent> = {
  path: "users",
  title: "Users",
  noun: { one: "user", many: "users" },
  table: USER_TABLE,
  // An administrator is never on the list (docs/product.md#users-list): one named is a tampered selection.
  find: (request, ids) =>
    findEach(ids, async (id) => {
      const user = await getUser(request, id);
      return isAdminUser(user) ? null : usersBulk.fromRow(user);
    }),
  pages: userPages,
  fromRow: (user) => {
    const state = userState(user);
    return { id: state.id, name: state.label, state };
  },
  itemHref: ({ id }) => `/users/${encodeURIComponent(id)}`,
};
