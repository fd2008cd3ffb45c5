/**
 * What the moderation screens show of the upstream's data (the dashboard's recent cards, the
 * badge-requests table, the posts list): built here, beside the components that show it, from
 * the contract's types; the upstream layer answers contract data only.
 */
import type { BadgeRequestRow } from "~/components/moderation/badge-request-table";
import type { PostCardData } from "~/components/moderation/post-card";
import { formatDate } from "~/lib/format";
import type { Post } from "~/upstream/contract/posts";
import type { BadgeRequest } from "~/upstream/contract/users";
import { safeFileLink } from "~/upstream/file-links.server";

/** The picture of an author without one. */
const DEFAULT_AVATAR = "/default-avatar.svg";

/** A pending badge request as the tables show it; the phone only for a role that may see it (`personal`). */
export function toBadgeRow(badge: BadgeRequest, personal: boolean): BadgeRequestRow {
  return {
    id: badge.id,
    name: badge.fullName?.trim() ?? "",
    email: badge.email,
    phone: personal ? (badge.phone?.trim() ?? "") : "",
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
