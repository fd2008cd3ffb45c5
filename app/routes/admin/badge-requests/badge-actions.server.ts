/**
 * The citizenship requests' action table, its server half (badge-actions.ts has the browser's):
 * Approve and Reject, each with its label, reason, check (who decided it, when it is no longer
 * pending), upstream call, toasts, the trail's word and, for Reject, the message to the member
 * (app/recipe/action-table.server.ts). The dashboard's and /badge-requests' action
 * (decideBadgeAction), the bulk actions and the queue's decisions read it.
 *
 * Beside it, `badgeRequestsBulk`: the list's bulk actions (app/bulk/bulk-list.ts), the same entries on the
 * items a selection names or the list's query matches.
 */
import type { ActionFunctionArgs } from "react-router";

import { type BadgeIntent, DEFAULT_MEMBER_MESSAGE } from "./badge-actions";
import { recordedAction } from "~/audit/entry";
import { theAuditTrail } from "~/audit/trail.server";
import { env } from "~/config/env.server";
import { formatDateTime } from "~/lib/format";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import {
  type ActionTable,
  rowIntentSchema,
  type TableAction,
  tableIntents,
  type Found,
} from "~/recipe/action-table.server";
import { rowAction, tableRowAction } from "~/recipe/outcome.server";
import type { BadgeRequest } from "~/upstream/contract/users";
import { decideBadge, listPendingBadges } from "~/upstream/moderation.server";
import { sendNotificationToUser } from "~/upstream/notifications.server";
import { getUser } from "~/upstream/users.server";
import { badgeRequestPages } from "./list-rows.server";
import type { BulkList } from "~/bulk/bulk-list";
import { findEach } from "~/bulk/find-each.server";

/** A request's state for the checks: the pending request, or null once it has been decided. */
type RequestState = BadgeRequest | null;

/** The request's current state: the pending request (its member's name and email), or null once decided. */
export async function readBadgeRequest(request: Request, id: string): Promise<Found<RequestState>> {
  const badge = (await listPendingBadges(request)).find((candidate) => candidate.id === id);
  return { name: badge ? badge.fullName?.trim() || badge.email : null, state: badge ?? null };
}

/** What is said of a request no longer pending when the panel does not know who decided it. */
const DECIDED = "This citizenship request has already been decided";

/** Entries looked at for the decision that ended a request (its newest entries). */
const DECISION_LOOKUP = 20;

/**
 * Who decided request `id`, as the admin who comes second is told: the newest decision the audit
 * trail holds as done (so the one that made the request stop being pending, not an earlier
 * request's of the same member), else the generic sentence.
 */
export async function whoDecided(id: string): Promise<string> {
  try {
    const { entries } = await theAuditTrail().page({
      target: { kind: "badge-request", id },
      limit: DECISION_LOOKUP,
    });
    // Newest first: the first decision done is the one that ended the request.
    const decision = entries.find(
      (entry) => entry.result === "done" && ["approved", "rejected"].includes(recordedAction(entry.action)),
    );
    if (!decision) return DECIDED;
    return `Already ${recordedAction(decision.action)} by ${decision.admin ?? "another admin"} at ${formatDateTime(Date.parse(decision.at), env().APP_TIMEZONE)}`;
  } catch {
    // The trail does not answer: the request is still decided.
    return DECIDED;
  }
}

/** A decided request: deciding or skipping it no longer applies, and who decided it (the row, bulk and queue check). */
export const decidedStale = async (pending: RequestState, id: string) => (pending ? null : whoDecided(id));

/** The push title of a rejection's message to the member. */
const MEMBER_MESSAGE_TITLE = "Your citizenship request";

/** `POST /users/badges/{id}` with approved 2 or 0, once the request is checked to be still pending. */
const decision = (intent: BadgeIntent): Pick<TableAction<RequestState>, "stale" | "send" | "failed"> => ({
  stale: decidedStale,
  send: (request, id) => decideBadge(request, id, intent),
  failed: "Failed to update badge request",
});

/** Approve and reject (docs/product.md#citizenship-requests, docs/product.md#citizenship-queue). */
export const BADGE_TABLE: ActionTable<BadgeIntent, RequestState> = {
  kind: "badge-request",
  read: readBadgeRequest,
  actions: {
    approve: { label: "Approve", ...decision("approve"), done: "Badge request approved", records: "approved" },
    reject: {
      label: "Reject",
      reason: "reject",
      ...decision("reject"),
      done: "Badge request rejected",
      records: "rejected",
      // The optional push to the member, with the queue's default text (one message for both).
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
};

/** The dashboard's and the citizenship requests screen's posts: one of the table's decisions, on one request. */
const BadgeRowActionSchema = rowIntentSchema(tableIntents(BADGE_TABLE), "Request id is required");

/**
 * The action of both screens that list citizenship requests (the dashboard and /badge-requests):
 * approve and reject, once the request is checked to be still pending, then back to the same
 * screen with the server's message as the toast (docs/product.md#citizenship-requests). One
 * definition, since nothing imports a route module (docs/architecture.md#layers).
 */
export async function decideBadgeAction({ request, context }: ActionFunctionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, BadgeRowActionSchema);
    if (!submission.ok) return submission.rejected;
    const { intent, id } = submission.value;
    switch (intent) {
      case "approve":
      case "reject":
        return rowAction(request, back, tableRowAction(request, BADGE_TABLE, intent, id));
      default:
        return unhandledIntent(intent);
    }
  });
}

const nameOf = (person: { fullName?: string | null; email: string }) => person.fullName?.trim() || person.email;

/** What the list's bulk actions act on (docs/product.md#bulk-actions): the table's decisions, on the pending requests. */
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
