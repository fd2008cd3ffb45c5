import type { ActionFunctionArgs } from "react-router";

import { recordedAction } from "~/audit/actions";
import { theAuditTrail } from "~/audit/trail.server";
import { env } from "~/config/env.server";
import { BadgeDecisionSchema } from "~/forms/moderation.server";
import { formatDateTime } from "~/lib/format";
import { parseSubmission, rowAction, type RowAction, runOnce, unhandledIntent } from "~/recipe/action.server";
import type { Found } from "~/recipe/outcome.server";
import type { BadgeRequest } from "~/upstream/contract/users";
import { decideBadge, listPendingBadges } from "~/upstream/moderation.server";

/** The request's current state: the pending request (its member's name and email), or null once decided. */
export async function readBadgeRequest(request: Request, id: string): Promise<Found<BadgeRequest | null>> {
  const badge = (await listPendingBadges(request)).find((candidate) => candidate.id === id);
  return { name: badge ? badge.fullName?.trim() || badge.email : null, state: badge ?? null };
}

/** What is said of a request no longer pending when the panel does not know who decided it. */
export const DECIDED = "This citizenship request has already been decided";

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

/** A decided request: approving or rejecting it again no longer applies, and who decided it (the row, bulk and queue check). */
export const decidedCheck = (id: string) => async (pending: BadgeRequest | null) => (pending ? null : whoDecided(id));

/**
 * Approve or reject, the row action of the dashboard and the citizenship requests screen:
 * `POST /users/badges/{id}` with approved 2 or 0, once the request is checked to be still pending,
 * then back to the same screen with the server's message as the toast (docs/product.md#citizenship-requests).
 */
export function badgeDecision(
  request: Request,
  id: string,
  decision: "approve" | "reject",
): RowAction<BadgeRequest | null> {
  return {
    target: { kind: "badge-request", id },
    action: decision,
    read: () => readBadgeRequest(request, id),
    stale: decidedCheck(id),
    send: () => decideBadge(request, id, decision),
    done: decision === "approve" ? "Badge request approved" : "Badge request rejected",
    failed: "Failed to update badge request",
  };
}

/**
 * The action of both screens that list citizenship requests (the dashboard and /badge-requests):
 * approve and reject, once the request is checked to be still pending. One definition, since
 * nothing imports a route module (docs/architecture.md#layers).
 */
export async function decideBadgeAction({ request, context }: ActionFunctionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, BadgeDecisionSchema);
    if (!submission.ok) return submission.rejected;
    const { intent, id } = submission.value;
    switch (intent) {
      case "approve":
      case "reject":
        return rowAction(request, back, badgeDecision(request, id, intent));
      default:
        return unhandledIntent(intent);
    }
  });
}
