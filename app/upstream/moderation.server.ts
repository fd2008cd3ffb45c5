/** The moderation calls of docs/product.md#upstream-calls: pending badge requests, badge decisions, posts, invites. */
import { callEndpoint } from "~/upstream/client.server";
import { inviteEndpoints } from "~/upstream/contract/invites";
import { postEndpoints } from "~/upstream/contract/posts";
import { BADGE_APPROVED, BADGE_REJECTED, userEndpoints } from "~/upstream/contract/users";

let whenPendingRead: ((ids: string[]) => Promise<unknown>) | undefined;

/**
 * Names what is told of each read of the pending list (server/app.ts at boot: when the panel first
 * saw each request pending, app/insights/pending.server.ts): this layer imports none of it.
 */
export function onPendingBadgesRead(listener: (ids: string[]) => Promise<unknown>): void {
  whenPendingRead = listener;
}

/** GET /users/pending-badges: the pending citizenship requests (the listener told before they are answered). */
export async function listPendingBadges(request: Request) {
  const { data } = await callEndpoint(request, userEndpoints.pendingBadges, { retry: "safe-read" });
  const pending = data.data.data;
  await notePending(pending);
  return pending;
}

/** GET /users/pending-badges for the dashboard: the first requests and how many are pending (the listener told of all). */
export async function recentPendingBadges(request: Request) {
  const { data } = await callEndpoint(request, userEndpoints.recentPendingBadges, { retry: "safe-read" });
  const { first, rest } = data.data.data;
  await notePending([...first, ...rest]);
  return { recent: first, count: first.length + rest.length };
}

// A failing listener costs its own figures, never the page (it logs why).
async function notePending(pending: readonly { id: string }[]): Promise<void> {
  await whenPendingRead?.(pending.map((badge) => badge.id));
}

/** POST /users/badges/{id} with approved 2 (approve) or 0 (reject); answers the server's message. */
export async function decideBadge(request: Request, id: string, decision: "approve" | "reject") {
  const { data } = await callEndpoint(request, userEndpoints.decideBadge, {
    params: { id },
    body: { approved: decision === "approve" ? BADGE_APPROVED : BADGE_REJECTED },
  });
  return data.message;
}

/** GET /posts: every post, newest first. */
export async function listPosts(request: Request) {
  const { data } = await callEndpoint(request, postEndpoints.list, { retry: "safe-read" });
  return data.data.data;
}

/** GET /posts for the dashboard: the latest posts and how many there are. */
export async function recentPosts(request: Request) {
  const { data } = await callEndpoint(request, postEndpoints.recent, { retry: "safe-read" });
  const { first, rest } = data.data.data;
  return { recent: first, count: first.length + rest.length };
}

/** DELETE /posts/{id}; answers the server's message. */
export async function deletePost(request: Request, id: string) {
  const { data } = await callEndpoint(request, postEndpoints.remove, { params: { id } });
  return data.message;
}

/** GET /invite, counted (the dashboard reads nothing else of them). */
export async function countInvites(request: Request) {
  const { data } = await callEndpoint(request, inviteEndpoints.count, { retry: "safe-read" });
  return data.data.data.length;
}
