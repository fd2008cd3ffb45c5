import type { RowAction } from "~/recipe/action.server";
import { decideBadge, listPendingBadges } from "~/upstream/moderation.server";

/** The request's current state: whether it is still pending. */
async function stillPending(request: Request, id: string) {
  return (await listPendingBadges(request)).some((badge) => badge.id === id);
}

/** A decided request: approving or rejecting it again no longer applies. */
const decided = (pending: boolean) => (pending ? null : "This citizenship request has already been decided");

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
