/**
 * What the users list's bulk actions act on (docs/product.md#bulk-actions): every action of the
 * screen's table (user-actions.server.ts), on the users the list holds.
 */
import { userPages } from "./list-rows.server";
import { type UserIntent, userState, type UserState } from "./user-actions";
import { USER_TABLE } from "./user-actions.server";
import type { BulkList } from "~/bulk/bulk-list";
import { findEach } from "~/bulk/find-each.server";
import type { User } from "~/upstream/contract/users";
import { getUser, isAdminUser } from "~/upstream/users.server";

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
