/**
 * Shapes of the demo API's stored state. Records hold what the provider's database would:
 * links to files are stored relative (`/files/...`) and made absolute per request, so they
 * follow whatever host and port the demo API is reached on.
 */
import type { InviteStatus } from "../app/upstream/contract/invites.ts";
import type { PlanPeriod } from "../app/upstream/contract/memberships.ts";
import type { BadgeRequestStatus, UserStatus } from "../app/upstream/contract/users.ts";

export type Role = "admin" | "moderator" | "user";

export interface UserRecord {
  id: number;
  fullName: string | null;
  email: string;
  phone: string | null;
  country: string | null;
  dateOfBirth: string | null;
  profilePic: string | null;
  passport: string | null;
  role: Role;
  status: UserStatus;
  isVerified: boolean;
  isEmailVerified: boolean;
  isBanned: boolean;
  badgeRequestStatus: BadgeRequestStatus;
  badgeFileName: string | null;
  devicesCount: number;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

export interface PostRecord {
  id: number;
  userId: number;
  title: string;
  description: string;
  createdAt: string;
}

export interface InviteRecord {
  id: number;
  userId: number;
  invitedTo: string;
  status: InviteStatus;
  createdAt: string;
}

export interface AnnouncementRecord {
  id: number;
  title: string;
  description: string;
  date: string;
  isActive: boolean;
  isPinned: boolean;
  imageUrl: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PlanRecord {
  id: number;
  name: string;
  price: number;
  period: PlanPeriod;
  description: string;
  features: string[];
  isActive: boolean;
  image: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionRecord {
  token: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
}

/** A single-use token mailed to a user: password reset or email verification. */
export interface TokenRecord {
  token: string;
  kind: "reset" | "verify";
  userId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface SecurityKeyRecord {
  userId: number;
  key: string;
  expiresAt: string;
}

export interface UploadRecord {
  key: string;
  contentType: string;
  size: number;
  createdAt: string;
}

export interface OutboxMessage {
  id: number;
  kind: "email" | "push";
  to: string;
  subject: string;
  text: string;
  links: string[];
  token?: string;
  securityKey?: string;
  createdAt: string;
}

/** Next id of each collection; ids are never reused, even after deletes. */
export interface Counters {
  user: number;
  post: number;
  invite: number;
  announcement: number;
  plan: number;
  outbox: number;
}

/** Everything that survives a restart when a data file is set. */
export interface DemoData {
  version: 1;
  seededAt: string;
  /** HMAC key of presigned upload URLs; persisted so issued URLs stay valid across restarts. */
  uploadSecret: string;
  counters: Counters;
  users: UserRecord[];
  posts: PostRecord[];
  invites: InviteRecord[];
  announcements: AnnouncementRecord[];
  plans: PlanRecord[];
  sessions: SessionRecord[];
  tokens: TokenRecord[];
  securityKeys: SecurityKeyRecord[];
  uploads: UploadRecord[];
  outbox: OutboxMessage[];
}
