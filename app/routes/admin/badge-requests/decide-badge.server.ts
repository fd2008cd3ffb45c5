import type { ActionFunctionArgs } from "react-router";

import { BadgeDecisionSchema } from "~/forms/moderation.server";
import { parseSubmission, rowAction, type RowAction, runOnce, unhandledIntent } from "~/recipe/action.server";
import { auditTarget } from "~/session/audit.server";
import { decideBadge, listPendingBadges } from "~/upstream/moderation.server";

/** The request's current state: whether it is still pending; it names the admin post's audit entry (the member's name). */
async function stillPending(request: Request, id: string) {
  const badge = (await listPendingBadges(request)).find((candidate) => candidate.id === id);
  if (badge) auditTarget({ kind: "badge-request", id, name: badge.fullName ?? badge.email });
  return badge !== undefined;
}

/** A decided request: approving or rejecting it again no longer applies (the row action's and the bulk action's check). */
export const decided = (pending: boolean) => (pending ? null : "This citizenship request has already been decided");

/**
 * Approve or reject, the row action of the dashboard and the citizenship requests screen:
 * `POST /users/badges/{id}` with approved 2 or 0, once the request is checked to be still pending,
 * then back to the same screen with the server's message as the toast (docs/product.md#citizenship-requests).
 */
export function badgeDecision(request: Request, id: string, decision: "approve" | "reject"): RowAction<boolean> {
  return {
    current: () => stillPending(request, id),
    stale: decided,
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
