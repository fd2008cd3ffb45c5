/** User management: list with filters, details, badge requests, verify, ban and unban. */
import {
  BadgeDecisionBodySchema,
  BanBodySchema,
  userEndpoints,
  UserStatusSchema,
} from "../../app/upstream/contract/users.ts";
import { endSessionsOf } from "../auth.ts";
import { badRequest, validationFailed } from "../errors.ts";
import { deliver } from "../outbox.ts";
import type { ApiContext, ApiResult, Router } from "../router.ts";
import type { UserRecord } from "../types.ts";
import { validate } from "../validation.ts";
import { badgeRequestView, inviteView, userView } from "../views.ts";
import { matchesSearch, newestFirst, paginate, userOr404 } from "./lookup.ts";

const KNOWN_STATUSES = new Set<string>(UserStatusSchema.options);

/**
 * The `status` filter: 1 verified, 0 pending (any other status), banned (isBanned).
 * 1 and 0 leave banned users out, so the three values split the users cleanly.
 */
function statusFilter(value: string | null): ((user: UserRecord) => boolean) | null {
  const wanted = value?.trim().toLowerCase() ?? "";
  if (wanted === "" || wanted === "all") return null;
  if (wanted === "1") return (user) => user.status === "verified" && !user.isBanned;
  if (wanted === "0" || wanted === "pending") {
    return (user) => user.status !== "verified" && user.status !== "banned" && !user.isBanned;
  }
  if (wanted === "banned") return (user) => user.isBanned;
  if (KNOWN_STATUSES.has(wanted)) return (user) => user.status === wanted;
  throw validationFailed([{ field: "query.status", message: "Status must be 1, 0 or banned" }]);
}

function badgeFilter(value: string | null): ((user: UserRecord) => boolean) | null {
  const wanted = value?.trim().toLowerCase() ?? "";
  if (wanted === "" || wanted === "all") return null;
  if (wanted === "0" || wanted === "1" || wanted === "2") return (user) => user.badgeRequestStatus === Number(wanted);
  throw validationFailed([{ field: "query.badgeRequestStatus", message: "Badge request status must be 0, 1 or 2" }]);
}

function listUsers({ store, query, origin }: ApiContext): ApiResult {
  const byStatus = statusFilter(query.get("status"));
  const byBadge = badgeFilter(query.get("badgeRequestStatus"));
  const search = query.get("search");
  // Admins stay in the list: the panel hides them itself (docs/product.md#users-list and docs/product.md#dashboard).
  const matching = store.data.users.filter(
    (user) =>
      (!byStatus || byStatus(user)) &&
      (!byBadge || byBadge(user)) &&
      matchesSearch(search, [user.fullName, user.email, user.phone]),
  );
  const page = paginate(matching, query);
  return {
    body: {
      data: page.items.map((user) => userView(user, origin)),
      pagination: { page: page.page, limit: page.limit, total: page.total, totalPages: page.totalPages },
    },
  };
}

function userDetails({ store, params, origin }: ApiContext): ApiResult {
  const user = userOr404(store.data, params.id);
  const invitees = newestFirst(
    store.data.invites.filter((invite) => invite.userId === user.id),
    (invite) => invite.createdAt,
  ).map(inviteView);
  return { body: { data: { ...userView(user, origin), invitees } } };
}

function pendingBadges({ store, origin }: ApiContext): ApiResult {
  const pending = store.data.users.filter((user) => user.badgeRequestStatus === 1);
  return { body: { data: { data: pending.map((user) => badgeRequestView(user, origin)) } } };
}

function decideBadge({ store, params, body, now }: ApiContext): ApiResult {
  const { approved } = validate(BadgeDecisionBodySchema, body);
  const user = userOr404(store.data, params.id);
  if (user.badgeRequestStatus !== 1) throw badRequest("User has no pending badge request");
  user.badgeRequestStatus = approved;
  user.badgeFileName = approved === 2 ? `/files/certificates/${user.id}.pdf` : null;
  user.updatedAt = now.toISOString();
  deliver(
    store.data,
    {
      kind: "email",
      to: user.email,
      subject: approved === 2 ? "Your citizenship badge was approved" : "Your citizenship badge request was declined",
      text:
        approved === 2
          ? "Congratulations! Your citizenship badge request was approved. Your certificate is available in the app."
          : "Your citizenship badge request was declined. You can apply again from the app.",
      links: [],
    },
    now,
  );
  store.changed();
  return {
    body: { message: approved === 2 ? "Badge request approved successfully" : "Badge request rejected successfully" },
  };
}

function verifyUser({ store, params, now }: ApiContext): ApiResult {
  const user = userOr404(store.data, params.id);
  if (!user.isEmailVerified) throw badRequest("User email is not verified");
  user.status = "verified";
  user.isVerified = true;
  user.updatedAt = now.toISOString();
  store.changed();
  return { body: { message: "User verified successfully" } };
}

/** The id of a ban or unban call: from the path, else from the JSON body (docs/product.md#upstream-calls). */
function banTarget({ store, params, body }: ApiContext): UserRecord {
  if (params.id !== undefined) return userOr404(store.data, params.id);
  const input = validate(BanBodySchema, body);
  if (input.id === undefined) throw validationFailed([{ field: "body.id", message: "Id is required" }]);
  return userOr404(store.data, input.id);
}

function banUser(context: ApiContext): ApiResult {
  const user = banTarget(context);
  user.isBanned = true;
  user.updatedAt = context.now.toISOString();
  // A banned member is signed out of every device.
  endSessionsOf(context.store.data, user.id);
  context.store.changed();
  return { body: { message: "User banned successfully" } };
}

function unbanUser(context: ApiContext): ApiResult {
  const user = banTarget(context);
  user.isBanned = false;
  // The legacy "banned" status would keep matching the banned filter; give back a real one.
  if (user.status === "banned") {
    user.status = user.isVerified ? "verified" : user.isEmailVerified ? "verified_email" : "unverified_email";
  }
  user.updatedAt = context.now.toISOString();
  context.store.changed();
  return { body: { message: "User un-banned successfully" } };
}

/** Registers the /users routes (static paths before `:id`). */
export function registerUserRoutes(router: Router): void {
  router
    .add(userEndpoints.list, "staff", listUsers)
    .add(userEndpoints.pendingBadges, "staff", pendingBadges)
    .add(userEndpoints.decideBadge, "admin", decideBadge)
    .add(userEndpoints.verify, "admin", verifyUser)
    .add(userEndpoints.ban, "admin", banUser)
    .add(userEndpoints.unban, "admin", unbanUser)
    // The other reading of the ban call (docs/product.md#upstream-calls): the id travels in a JSON body.
    .add({ method: "GET", path: "/users/ban" }, "admin", banUser)
    .add({ method: "GET", path: "/users/un-ban" }, "admin", unbanUser)
    .add(userEndpoints.details, "staff", userDetails);
}
