/**
 * The citizenship requests list's bulk actions (docs/product.md#bulk-actions): Approve and Reject,
 * with the row action's check (decide-badge.server.ts) and call; Reject may send the member a push,
 * with the citizenship queue's default text and title (one message for both).
 */
import { decidedCheck } from "./decide-badge.server";
import { badgeRequestPages } from "./list-rows.server";
import { DEFAULT_MEMBER_MESSAGE } from "./review-links";
import { MEMBER_MESSAGE_TITLE } from "./review.server";
import type { BulkAction, BulkList } from "~/bulk/bulk-list";
import { findEach } from "~/bulk/find-each.server";
import type { BadgeRequest } from "~/upstream/contract/users";
import { decideBadge, listPendingBadges } from "~/upstream/moderation.server";
import { sendNotificationToUser } from "~/upstream/notifications.server";
import { getUser } from "~/upstream/users.server";

/** A request's state for the check: the pending request, or null once it has been decided. */
type RequestState = BadgeRequest | null;

// One no longer pending is decided: the admin is told who decided it (the row action's check).
const stale = (state: RequestState, id: string) => decidedCheck(id)(state);
const nameOf = (person: { fullName?: string | null; email: string }) => person.fullName?.trim() || person.email;

const decision = (label: string, intent: "approve" | "reject"): BulkAction<RequestState> => ({
  label,
  stale,
  send: (request, id) => decideBadge(request, id, intent),
});

export const badgeRequestsBulk: BulkList<RequestState, BadgeRequest> = {
  path: "badge-requests",
  title: "Citizenship Requests",
  noun: { one: "citizenship request", many: "citizenship requests" },
  kind: "badge-request",
  actions: {
    approve: decision("Approve", "approve"),
    reject: {
      ...decision("Reject", "reject"),
      reason: "reject",
      message: {
        defaultText: DEFAULT_MEMBER_MESSAGE,
        // Sent again alone, the request is decided: the member's address is read from their account.
        send: async (request, id, state, text) =>
          sendNotificationToUser(request, {
            email: state?.email ?? (await getUser(request, id)).email,
            title: MEMBER_MESSAGE_TITLE,
            body: text,
          }),
      },
    },
  },
  // The pending requests (the row action's read, stillPending): one no longer pending is decided; an
  // id the upstream does not know is not on the list.
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
