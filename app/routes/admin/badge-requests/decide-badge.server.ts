import { rowIntent, screenAction } from "~/recipe/screen-action.server";
import { decideBadge, listPendingBadges } from "~/upstream/moderation.server";

/** The request's current state: whether it is still pending. */
async function stillPending(request: Request, id: string) {
  return (await listPendingBadges(request)).some((badge) => badge.id === id);
}

/** A decided request: approving or rejecting it again no longer applies. */
const decided = (pending: boolean) => (pending ? null : "This citizenship request has already been decided");

/**
 * The approve and reject intents, shared by the dashboard and the citizenship requests screen:
 * `POST /users/badges/{id}` with approved 2 or 0, once the request is checked to be still pending,
 * then back to the same screen with the server's message as the toast (docs/product.md#citizenship-requests).
 */
export const decideBadgeAction = screenAction({
  approve: rowIntent({
    current: stillPending,
    stale: decided,
    send: (request, id) => decideBadge(request, id, "approve"),
    done: "Badge request approved",
    failed: "Failed to update badge request",
    badId: "Request id is required",
  }),
  reject: rowIntent({
    current: stillPending,
    stale: decided,
    send: (request, id) => decideBadge(request, id, "reject"),
    done: "Badge request rejected",
    failed: "Failed to update badge request",
    badId: "Request id is required",
  }),
});
