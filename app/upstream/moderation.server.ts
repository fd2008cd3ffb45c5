/** The moderation calls of docs/product.md#upstream-calls: pending badge requests, badge decisions, posts, invites. */
import type { BadgeRequestRow } from "~/components/moderation/badge-request-table";
import type { PostCardData } from "~/components/moderation/post-card";
import { formatDate } from "~/lib/format";
import { callEndpoint } from "~/upstream/client.server";
import { inviteEndpoints } from "~/upstream/contract/invites";
import { type Post, postEndpoints } from "~/upstream/contract/posts";
import { BADGE_APPROVED, BADGE_REJECTED, type BadgeRequest, userEndpoints } from "~/upstream/contract/users";
import { safeFileLink } from "~/upstream/file-links.server";

/** The picture of an author without one. */
const DEFAULT_AVATAR = "/default-avatar.svg";

/** GET /users/pending-badges: the pending citizenship requests. */
export async function listPendingBadges(request: Request) {
  const { data } = await callEndpoint(request, userEndpoints.pendingBadges, { retry: "safe-read" });
  return data.data.data;
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

/** DELETE /posts/{id}; answers the server's message. */
export async function deletePost(request: Request, id: string) {
  const { data } = await callEndpoint(request, postEndpoints.remove, { params: { id } });
  return data.message;
}

/** GET /invite: every invite (the dashboard only counts them). */
export async function listInvites(request: Request) {
  const { data } = await callEndpoint(request, inviteEndpoints.list, { retry: "safe-read" });
  return data.data.data;
}

/** A pending badge request as the tables show it. */
export function toBadgeRow(badge: BadgeRequest): BadgeRequestRow {
  return {
    id: badge.id,
    name: badge.fullName?.trim() ?? "",
    email: badge.email,
    phone: badge.phone?.trim() ?? "",
    avatar: safeFileLink(badge.profilePic),
  };
}

/** A post as its card shows it, dated in en-US medium style in the panel's time zone. */
export function toPostCard(post: Post, timeZone: string): PostCardData {
  return {
    id: post.id,
    title: post.title,
    description: post.description,
    date: formatDate(post.createdAt, timeZone),
    author: {
      name: post.user?.fullName?.trim() ?? "",
      email: post.user?.email ?? "",
      avatar: safeFileLink(post.user?.profilePic) ?? DEFAULT_AVATAR,
    },
  };
}

/** Case-insensitive "contains" over some text fields (docs/product.md#tables-search-and-paging). */
export function matchesSearch(search: string, ...fields: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return !needle || fields.some((field) => field?.toLocaleLowerCase().includes(needle));
}
