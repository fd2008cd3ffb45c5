/**
 * What the citizenship requests list's bulk actions act on (docs/product.md#bulk-actions): Approve
 * and Reject of the screen's table (badge-actions.server.ts; Reject may send the member a push),
 * on the pending requests.
 */
import type { BadgeIntent } from "./badge-actions";
import { BADGE_TABLE } from "./badge-actions.server";
import { badgeRequestPages } from "./list-rows.server";
import type { BulkList } from "~/bulk/bulk-list";
import { findEach } from "~/bulk/find-each.server";
import type { BadgeRequest } from "~/upstream/contract/users";
import { listPendingBadges } from "~/upstream/moderation.server";
import { getUser } from "~/upstream/users.server";

const nameOf = (person: { fullName?: string | null; email: string }) => person.fullName?.trim() || person.email;

export const badgeRequestsBulk: BulkList<BadgeRequest | null, BadgeRequest, BadgeIntent> = {
  path: "badge-requests",
  title: "Citizenship Requests",
  noun: { one: "citizenship request", many: "citizenship requests" },
  table: BADGE_TABLE,
  // The pending requests (the table's read): one no longer pending is decided; an id the upstream
  // does not know is not on the list.
  find: async (request, ids) => {
    const pending = new Map((await listPendingBadges(request)).map((badge) => [badge.id, badge]));
    const decidedOnes = await findEach(
      ids.filter((id) => !pending.has(id)),
      async (id) => ({ id, name: nameOf(await getUser(request, id)), state: null }),
    );
    return new Map(
      ids.map((id) => [
        id,
        pending.has(id) ? badgeRequestsBulk.fromRow(pending.get(id)!) : (decidedOnes.get(id) ?? null),
      ]),
    );
  },
  pages: badgeRequestPages,
  fromRow: (badge) => ({ id: badge.id, name: nameOf(badge), state: badge }),
  // A request is its member's: their details say where their citizenship stands.
  itemHref: ({ id }) => `/users/${encodeURIComponent(id)}`,
};
