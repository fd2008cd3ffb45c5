/**
 * Turns stored records into answer objects. Each returns the contract schema's input type,
 * so the compiler checks that the demo API sends what the panel's schemas accept.
 */
import type { z } from "zod";
import type { AnnouncementSchema } from "../app/upstream/contract/announcements.ts";
import type { SessionUserSchema } from "../app/upstream/contract/auth.ts";
import type { InviteOwnerSchema, InviteSchema } from "../app/upstream/contract/invites.ts";
import type { PlanSchema } from "../app/upstream/contract/memberships.ts";
import type { PostSchema } from "../app/upstream/contract/posts.ts";
import type { BadgeRequestSchema, UserSchema } from "../app/upstream/contract/users.ts";
import type { AnnouncementRecord, DemoData, InviteRecord, PlanRecord, PostRecord, UserRecord } from "./types.ts";

/** Makes a stored `/files/...` link absolute for this request; other values pass unchanged. */
export function absoluteLink(origin: string, link: string | null): string | null {
  return link?.startsWith("/") ? `${origin}${link}` : link;
}

/** A user as the users list shows it. */
export function userView(user: UserRecord, origin: string): z.input<typeof UserSchema> {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    phone: user.phone,
    country: user.country,
    dateOfBirth: user.dateOfBirth,
    profilePic: absoluteLink(origin, user.profilePic),
    passport: absoluteLink(origin, user.passport),
    role: user.role,
    status: user.status,
    isVerified: user.isVerified,
    isEmailVerified: user.isEmailVerified,
    isBanned: user.isBanned,
    badgeRequestStatus: user.badgeRequestStatus,
    badgeFileName: absoluteLink(origin, user.badgeFileName),
    devicesCount: user.devicesCount,
  };
}

/** The signed-in user of the sign-in answer. */
export function sessionUserView(user: UserRecord, origin: string): z.input<typeof SessionUserSchema> {
  const name = user.fullName ?? user.email;
  return {
    id: user.id,
    role: user.role,
    userName: name,
    username: name,
    email: user.email,
    avatar: absoluteLink(origin, user.profilePic),
  };
}

/** A pending badge request. */
export function badgeRequestView(user: UserRecord, origin: string): z.input<typeof BadgeRequestSchema> {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    phone: user.phone,
    profilePic: absoluteLink(origin, user.profilePic),
  };
}

/** An invite; both invitee fields carry the same email, as the provider's answers do. */
export function inviteView(invite: InviteRecord): z.input<typeof InviteSchema> & { userId: number } {
  return {
    id: invite.id,
    invitedTo: invite.invitedTo,
    invitedToEmail: invite.invitedTo,
    status: invite.status,
    createdAt: invite.createdAt,
    userId: invite.userId,
  };
}

/** The inviting user of the per-user invites answer. */
export function inviteOwnerView(user: UserRecord): z.input<typeof InviteOwnerSchema> {
  return { id: user.id, fullName: user.fullName, email: user.email };
}

/** A post with its author embedded. */
export function postView(post: PostRecord, data: DemoData, origin: string): z.input<typeof PostSchema> {
  const author = data.users.find((user) => user.id === post.userId);
  return {
    id: post.id,
    title: post.title,
    description: post.description,
    createdAt: post.createdAt,
    user: author
      ? {
          id: author.id,
          fullName: author.fullName,
          email: author.email,
          profilePic: absoluteLink(origin, author.profilePic),
        }
      : null,
  };
}

/** An announcement. */
export function announcementView(announcement: AnnouncementRecord, origin: string): z.input<typeof AnnouncementSchema> {
  return { ...announcement, imageUrl: absoluteLink(origin, announcement.imageUrl) };
}

/** A membership plan. */
export function planView(plan: PlanRecord, origin: string): z.input<typeof PlanSchema> {
  return { ...plan, features: [...plan.features], image: absoluteLink(origin, plan.image) };
}
