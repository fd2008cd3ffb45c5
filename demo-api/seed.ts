/**
 * Deterministic seed data. A fixed PRNG seed and a fixed base date give the same users,
 * posts, invites, announcements and plans on every reset, so tests can rely on them; only
 * the two "today" announcements and the verification-token expiries follow the real clock
 * (the Today tile must not be zero and seeded tokens must be usable).
 */
import { randomBytes } from "node:crypto";
import type { InviteStatus } from "../app/upstream/contract/invites.ts";
import type { BadgeRequestStatus, UserStatus } from "../app/upstream/contract/users.ts";
import { verificationEmail } from "./emails.ts";
import { hashPassword } from "./passwords.ts";
import { createPrng, type Prng } from "./prng.ts";
import type {
  AnnouncementRecord,
  DemoData,
  InviteRecord,
  OutboxMessage,
  PlanRecord,
  PostRecord,
  Role,
  TokenRecord,
  UserRecord,
} from "./types.ts";

/** createdAt values are spread before this instant. */
export const SEED_BASE_DATE = "2026-01-15T10:00:00.000Z";
const PRNG_SEED = 20260115;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The accounts testers sign in with. */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "Admin12345", role: "admin" },
  moderator: { email: "moderator@example.com", password: "Moderator12345", role: "moderator" },
  member: { email: "member@example.com", password: "Member12345", role: "user" },
} as const;

/** Password of every other seeded user (useful for the reset-password and delete flows). */
export const DEMO_DEFAULT_PASSWORD = "Password123";

/** Number of generated members after the five named accounts. */
const GENERATED_USERS = 125;

// Cycled over the generated users so every status of docs/product.md#data-and-fields is well represented.
const STATUS_CYCLE: readonly UserStatus[] = [
  "verified",
  "pending_verification",
  "unverified_email",
  "verified_email",
  "personal_info_submitted",
  "verified",
  "declined",
  "banned",
  "verified_email",
  "pending_verification",
  "verified",
  "unverified_email",
];

const FIRST_NAMES = [
  "Liam",
  "Olivia",
  "Noah",
  "Emma",
  "Amara",
  "Kenji",
  "Sofia",
  "Mateo",
  "Aisha",
  "Lucas",
  "Chloé",
  "Ethan",
  "Priya",
  "Diego",
  "Hannah",
  "Yusuf",
  "Ingrid",
  "Tomás",
  "Mei",
  "Oscar",
  "Fatima",
  "Elias",
  "Nora",
  "Kwame",
  "Zoë",
  "Arjun",
  "Lena",
  "Rafael",
  "Sakura",
  "Jonas",
];
const LAST_NAMES = [
  "Smith",
  "García",
  "Okafor",
  "Nguyen",
  "Müller",
  "Rossi",
  "Kowalski",
  "Haddad",
  "Tanaka",
  "O'Brien",
  "Silva",
  "Johansson",
  "Patel",
  "Dubois",
  "Novak",
  "Mensah",
  "Kim",
  "Fernández",
  "Ångström",
  "Cohen",
];
const COUNTRIES = [
  "United States",
  "Canada",
  "Brazil",
  "Germany",
  "France",
  "Nigeria",
  "India",
  "Japan",
  "Australia",
  "Spain",
  "Kenya",
  "Sweden",
  "Mexico",
  "Poland",
  "Ghana",
];

function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

interface NamedAccount {
  fullName: string;
  email: string;
  role: Role;
  password: string;
  devicesCount: number;
}

const NAMED_ACCOUNTS: readonly NamedAccount[] = [
  {
    fullName: "Site Admin",
    email: DEMO_ACCOUNTS.admin.email,
    role: "admin",
    password: DEMO_ACCOUNTS.admin.password,
    devicesCount: 1,
  },
  {
    fullName: "Olivia Operations",
    email: "ops.admin@example.com",
    role: "admin",
    password: DEMO_ACCOUNTS.admin.password,
    devicesCount: 0,
  },
  {
    fullName: "Sam Support",
    email: "support.admin@example.com",
    role: "admin",
    password: DEMO_ACCOUNTS.admin.password,
    devicesCount: 0,
  },
  {
    fullName: "Morgan Moderator",
    email: DEMO_ACCOUNTS.moderator.email,
    role: "moderator",
    password: DEMO_ACCOUNTS.moderator.password,
    devicesCount: 1,
  },
  {
    fullName: "Mia Member",
    email: DEMO_ACCOUNTS.member.email,
    role: "user",
    password: DEMO_ACCOUNTS.member.password,
    devicesCount: 2,
  },
];

function seedUsers(prng: Prng, baseMs: number): UserRecord[] {
  const users: UserRecord[] = [];
  // One hash shared by the generated members: hashing 125 passwords would slow every reset.
  const defaultHash = hashPassword(DEMO_DEFAULT_PASSWORD, "demo-default-salt");
  const total = NAMED_ACCOUNTS.length + GENERATED_USERS;

  NAMED_ACCOUNTS.forEach((account, index) => {
    const id = index + 1;
    const createdAt = isoAt(baseMs - (total - index) * 12 * HOUR_MS);
    users.push({
      id,
      fullName: account.fullName,
      email: account.email,
      phone: `+1 555 010${id}`,
      country: "United States",
      dateOfBirth: account.role === "user" ? "1992-06-14" : null,
      profilePic: `/files/avatars/${id}.svg`,
      passport: account.role === "user" ? `/files/passports/${id}.pdf` : null,
      role: account.role,
      status: "verified",
      isVerified: true,
      isEmailVerified: true,
      isBanned: false,
      badgeRequestStatus: 0,
      badgeFileName: null,
      devicesCount: account.devicesCount,
      passwordHash: hashPassword(account.password, `demo-salt-${id}`),
      createdAt,
      updatedAt: createdAt,
    });
  });

  for (let k = 0; k < GENERATED_USERS; k++) {
    const id = NAMED_ACCOUNTS.length + 1 + k;
    const status = STATUS_CYCLE[k % STATUS_CYCLE.length] ?? "verified";
    const first = FIRST_NAMES[(k * 7) % FIRST_NAMES.length] ?? "Alex";
    const last = LAST_NAMES[(k * 3 + Math.floor(k / FIRST_NAMES.length)) % LAST_NAMES.length] ?? "Doe";
    // Every 11th member filled in nothing yet: the panel shows 'Not provided'.
    const anonymous = k % 11 === 7;
    const noPhone = anonymous || k % 13 === 2;
    // badge: 1 = pending request, 2 = approved with a certificate, else not applied.
    const badgeRequestStatus: BadgeRequestStatus = k % 10 === 3 ? 1 : k % 9 === 4 ? 2 : 0;
    const withPassport =
      badgeRequestStatus !== 0 ||
      (["verified", "pending_verification", "personal_info_submitted", "declined"].includes(status) &&
        prng.chance(0.6));
    const createdMs = baseMs - (total - id) * 12 * HOUR_MS - prng.int(0, 11) * HOUR_MS;
    const createdAt = isoAt(createdMs);
    const bornYear = prng.int(1960, 2005);
    const dateOfBirth =
      !anonymous && prng.chance(0.6)
        ? `${bornYear}-${String(prng.int(1, 12)).padStart(2, "0")}-${String(prng.int(1, 28)).padStart(2, "0")}`
        : null;
    users.push({
      id,
      fullName: anonymous ? null : `${first} ${last}`,
      email: anonymous ? `user${id}@example.net` : `${slug(first)}.${slug(last)}${id}@example.com`,
      phone: noPhone ? null : `+1 555 ${String(1000 + id * 37).slice(-4)}`,
      country: anonymous ? null : (COUNTRIES[(k * 7) % COUNTRIES.length] ?? null),
      dateOfBirth,
      profilePic: !anonymous && prng.chance(0.65) ? `/files/avatars/${id}.svg` : null,
      passport: withPassport ? `/files/passports/${id}.pdf` : null,
      role: "user",
      status,
      isVerified: status === "verified",
      isEmailVerified: status !== "unverified_email",
      // Banned status implies isBanned; a few members of other statuses are banned too.
      isBanned: status === "banned" || k % 17 === 5,
      badgeRequestStatus,
      badgeFileName: badgeRequestStatus === 2 ? `/files/certificates/${id}.pdf` : null,
      devicesCount: k % 6 === 1 ? 0 : prng.int(0, 3),
      passwordHash: defaultHash,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return users;
}

const POST_TOPICS = [
  "Welcome to the community!",
  "Weekend meetup at the central park",
  "Tips for new members",
  "Has anyone tried the new badge process?",
  "Volunteers needed for the food drive",
  "Photo contest: autumn colours",
  "Local language exchange group",
  "Lost keys near the library",
  "Book club: March pick",
  "Feedback on the mobile app",
  "Neighbourhood clean-up results",
  "Looking for a running partner",
];
const XSS_TITLE = "<img src=x onerror=alert(1)>";

function seedPosts(prng: Prng, baseMs: number, users: UserRecord[]): PostRecord[] {
  const authors = users.filter((user) => user.role !== "admin");
  const posts: PostRecord[] = [];
  const count = 36;
  for (let index = 0; index < count; index++) {
    const id = index + 1;
    // Ids grow with time, so the newest post has the highest id.
    const createdAt = isoAt(baseMs - (count - id) * 20 * HOUR_MS - prng.int(0, 59) * 60_000);
    const author = prng.pick(authors);
    // Third newest: shows on the dashboard's five recent posts and must render as text.
    const isXss = id === count - 2;
    const title = isXss
      ? XSS_TITLE
      : `${POST_TOPICS[index % POST_TOPICS.length]}${index >= POST_TOPICS.length ? ` (#${id})` : ""}`;
    let description = isXss
      ? 'Script injection probe: <script>alert("xss")</script> & "quotes" must stay text.'
      : `Post ${id} by ${author.fullName ?? "a member"}. ${prng.pick([
          "Share your thoughts below.",
          "Details in the comments.",
          "Everyone is welcome to join.",
          "Thanks to all who helped!",
        ])}`;
    if (id === 5) description = `${"A long post that wraps across many lines. ".repeat(40)}The end.`;
    posts.push({ id, userId: author.id, title, description, createdAt });
  }
  return posts;
}

function seedInvites(prng: Prng, baseMs: number, users: UserRecord[]): InviteRecord[] {
  const statuses: readonly InviteStatus[] = ["pending", "approved", "rejected", "expired"];
  const invites: InviteRecord[] = [];
  let friend = 1;
  const add = (userId: number, status: InviteStatus) => {
    const id = invites.length + 1;
    invites.push({
      id,
      userId,
      invitedTo: `friend${friend++}@example.org`,
      status,
      createdAt: isoAt(baseMs - prng.int(1, 90) * DAY_MS + prng.int(0, 23) * HOUR_MS),
    });
  };
  // The member account has two invites of every status.
  for (const status of statuses) {
    add(5, status);
    add(5, status);
  }
  // Fourteen more members with one to five invites each, statuses cycling.
  const inviters = users.filter((user) => user.role === "user" && user.id > 5 && user.id % 9 === 0).slice(0, 14);
  inviters.forEach((user, index) => {
    const count = (index % 5) + 1;
    for (let n = 0; n < count; n++) add(user.id, statuses[(index + n) % statuses.length] ?? "pending");
  });
  return invites;
}

const ANNOUNCEMENT_TITLES = [
  "Scheduled maintenance",
  "New citizenship badge rules",
  "Community guidelines update",
  "Summer festival",
  "App version 3.2 released",
  "Holiday office hours",
  "Welcome our new moderators",
  "Security reminder",
  "Volunteer appreciation week",
  "Survey: tell us what you think",
  "Membership price changes",
  "Town hall meeting",
  "Privacy policy update",
];

function seedAnnouncements(prng: Prng, baseMs: number, now: Date): AnnouncementRecord[] {
  const announcements: AnnouncementRecord[] = [];
  const spread = 26;
  for (let index = 0; index < spread; index++) {
    const id = index + 1;
    // Three days apart, from 39 days before the base date to 36 days after it.
    const dateMs = baseMs + (index - 13) * 3 * DAY_MS + prng.int(0, 8) * HOUR_MS;
    const isActive = index % 4 !== 3;
    const createdAt = isoAt(Math.min(dateMs, baseMs) - 2 * DAY_MS);
    const title = `${ANNOUNCEMENT_TITLES[index % ANNOUNCEMENT_TITLES.length]}${index >= ANNOUNCEMENT_TITLES.length ? " (follow-up)" : ""}`;
    announcements.push({
      id,
      title,
      description: `${title}. ${prng.pick([
        "Please read the details carefully and share them with your neighbours.",
        "More information will follow in the app.",
        "Contact the support team if you have any questions.",
      ])}`,
      date: isoAt(dateMs),
      isActive,
      isPinned: [1, 4, 9, 15].includes(id),
      imageUrl: id % 3 === 0 ? `/files/announcements/${id}.svg` : null,
      publishedAt: isActive ? isoAt(dateMs) : null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  // Two announcements dated today (real clock), so the Today tile is not zero.
  const nowMs = now.getTime();
  const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const todayDates = [nowMs, Math.max(startOfDay, nowMs - 2 * HOUR_MS)];
  todayDates.forEach((dateMs, offset) => {
    const id = spread + offset + 1;
    announcements.push({
      id,
      title: offset === 0 ? "Today: community call at 6 pm" : "Today: new members onboarding",
      description: "Happening today. Join from the app.",
      date: isoAt(dateMs),
      isActive: true,
      isPinned: false,
      imageUrl: null,
      publishedAt: isoAt(dateMs),
      createdAt: isoAt(dateMs),
      updatedAt: isoAt(dateMs),
    });
  });
  return announcements;
}

function seedPlans(baseMs: number): PlanRecord[] {
  const plan = (
    id: number,
    fields: Omit<PlanRecord, "id" | "createdAt" | "updatedAt">,
    ageDays: number,
  ): PlanRecord => ({
    id,
    ...fields,
    createdAt: isoAt(baseMs - ageDays * DAY_MS),
    updatedAt: isoAt(baseMs - Math.floor(ageDays / 2) * DAY_MS),
  });
  return [
    plan(
      1,
      {
        name: "Basic",
        price: 4.99,
        period: "month",
        description: "Everything you need to take part.",
        features: ["Post in the forum", "Join events", "Invite 5 friends"],
        isActive: true,
        image: "/files/plans/1.svg",
      },
      200,
    ),
    plan(
      2,
      {
        name: "Premium",
        price: 9.99,
        period: "month",
        description: "For active members who want more.",
        features: ["Everything in Basic", "Unlimited invites", "Priority badge review"],
        isActive: true,
        image: "/files/plans/2.svg",
      },
      180,
    ),
    plan(
      3,
      {
        name: "Premium Yearly",
        price: 99.99,
        period: "year",
        description: "Premium, billed once a year: two months free.",
        features: ["Everything in Premium", "Two months free"],
        isActive: true,
        image: "/files/plans/3.svg",
      },
      160,
    ),
    plan(
      4,
      {
        name: "Founder (Lifetime)",
        price: 249,
        period: "lifetime",
        description: "Pay once, belong forever.",
        features: ["Everything in Premium", "Founder badge", "Lifetime access"],
        isActive: true,
        image: null,
      },
      140,
    ),
    plan(
      5,
      {
        name: "Legacy Supporter",
        price: 19.5,
        period: "year",
        description: "Retired plan, kept for existing subscribers.",
        features: ["Supporter badge"],
        isActive: false,
        image: "/files/plans/5.svg",
      },
      400,
    ),
  ];
}

function seedVerificationTokens(
  prng: Prng,
  users: UserRecord[],
  now: Date,
  panelOrigin: string,
): { tokens: TokenRecord[]; outbox: OutboxMessage[] } {
  const tokens: TokenRecord[] = [];
  const outbox: OutboxMessage[] = [];
  const pending = users.filter((user) => !user.isEmailVerified);
  pending.forEach((user, index) => {
    // The last one is already expired, so testers can see the invalid-link page too.
    const expired = index === pending.length - 1;
    const token = `verify-${user.id}-${prng.hex(24)}`;
    const createdAt = isoAt(now.getTime() - (expired ? 8 * DAY_MS : HOUR_MS));
    tokens.push({
      token,
      kind: "verify",
      userId: user.id,
      createdAt,
      expiresAt: isoAt(now.getTime() + (expired ? -DAY_MS : 7 * DAY_MS)),
      usedAt: null,
    });
    outbox.push({ id: outbox.length + 1, ...verificationEmail(user.email, token, panelOrigin), createdAt });
  });
  return { tokens, outbox };
}

/** Builds the whole seeded state; `now` only affects "today" announcements and token expiries. */
export function createSeedData(options: { now?: Date; panelOrigin: string }): DemoData {
  const now = options.now ?? new Date();
  const prng = createPrng(PRNG_SEED);
  const baseMs = Date.parse(SEED_BASE_DATE);
  const users = seedUsers(prng, baseMs);
  const posts = seedPosts(prng, baseMs, users);
  const invites = seedInvites(prng, baseMs, users);
  const announcements = seedAnnouncements(prng, baseMs, now);
  const plans = seedPlans(baseMs);
  const { tokens, outbox } = seedVerificationTokens(prng, users, now, options.panelOrigin);
  const nextId = (items: { id: number }[]) => items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
  return {
    version: 1,
    seededAt: now.toISOString(),
    uploadSecret: randomBytes(32).toString("hex"),
    counters: {
      user: nextId(users),
      post: nextId(posts),
      invite: nextId(invites),
      announcement: nextId(announcements),
      plan: nextId(plans),
      outbox: nextId(outbox),
    },
    users,
    posts,
    invites,
    announcements,
    plans,
    sessions: [],
    tokens,
    securityKeys: [],
    uploads: [],
    outbox,
  };
}

/** Most members POST /__demo/seed-users adds at once (a 100,000-row export is what it is for). */
export const MAX_SEEDED_USERS = 200_000;

/**
 * `count` more members after `users` (POST /__demo/seed-users, docs/demo-api.md): plain, cheap
 * records with the statuses and citizenship states cycling as in the seed, for exports and soak
 * runs over a long users list. They share one password hash (DEMO_DEFAULT_PASSWORD).
 */
export function moreMembers(users: readonly UserRecord[], count: number, now: Date = new Date()): UserRecord[] {
  const firstId = users.reduce((max, user) => Math.max(max, user.id), 0) + 1;
  const passwordHash = hashPassword(DEMO_DEFAULT_PASSWORD, "demo-default-salt");
  const createdAt = now.toISOString();
  return Array.from({ length: count }, (_, k): UserRecord => {
    const id = firstId + k;
    const status = STATUS_CYCLE[id % STATUS_CYCLE.length] ?? "verified";
    const first = FIRST_NAMES[id % FIRST_NAMES.length] ?? "Alex";
    const last = LAST_NAMES[(id * 3) % LAST_NAMES.length] ?? "Doe";
    return {
      id,
      fullName: `${first} ${last}`,
      email: `${slug(first)}.${slug(last)}${id}@seeded.example.com`,
      phone: `+1 555 ${String(id).padStart(7, "0").slice(-7)}`,
      country: COUNTRIES[id % COUNTRIES.length] ?? null,
      dateOfBirth: null,
      profilePic: null,
      passport: null,
      role: "user",
      status,
      isVerified: status === "verified",
      isEmailVerified: status !== "unverified_email",
      isBanned: status === "banned",
      badgeRequestStatus: id % 10 === 3 ? 1 : 0,
      badgeFileName: null,
      devicesCount: id % 3,
      passwordHash,
      createdAt,
      updatedAt: createdAt,
    };
  });
}
