/**
 * The users list's bulk actions (docs/product.md#bulk-actions): every action of the screen's table
 * (user-actions.ts), with the row action's own check and upstream call.
 */
import { userPages } from "./list-rows.server";
import { userState, type UserState } from "./user-actions";
import { userBulkAction, USER_INTENTS } from "./user-actions.server";
import type { BulkAction, BulkList } from "~/bulk/bulk-list";
import { findEach } from "~/bulk/find-each.server";
import type { User } from "~/upstream/contract/users";
import { getUser, isAdminUser } from "~/upstream/users.server";

/** Each action of the users screen's table, as its bulk action: its label, reason, check and call. */
const USER_BULK_ACTIONS = Object.fromEntries(
  USER_INTENTS.map((intent): [string, BulkAction<UserState>] => [intent, userBulkAction(intent)]),
);

export const usersBulk: BulkList<UserState, User> = {
  path: "users",
  title: "Users",
  noun: { one: "user", many: "users" },
  kind: "user",
  actions: USER_BULK_ACTIONS,
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
