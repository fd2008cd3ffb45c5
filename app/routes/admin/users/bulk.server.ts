/**
 * The users list's bulk actions (docs/product.md#bulk-actions): Ban, Un-Ban and Verify, with the
 * row actions' own checks (user-actions.ts) and upstream calls.
 */
import { userPages } from "./list-rows.server";
import { banStale, unbanStale, userState, type UserState, verifyStale } from "./user-actions";
import type { BulkList } from "~/bulk/bulk-list";
import { findEach } from "~/bulk/find-each.server";
import type { User } from "~/upstream/contract/users";
import { banUser, getUser, isAdminUser, unbanUser, verifyUser } from "~/upstream/users.server";

export const usersBulk: BulkList<UserState, User> = {
  path: "users",
  title: "Users",
  noun: { one: "user", many: "users" },
  kind: "user",
  actions: {
    ban: { label: "Ban", reason: "ban", stale: banStale, send: banUser },
    unban: { label: "Un-Ban", stale: unbanStale, send: unbanUser },
    verify: { label: "Verify", stale: verifyStale, send: verifyUser },
  },
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
