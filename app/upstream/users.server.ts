/** The user calls of docs/product.md#upstream-calls (list, details, ban, unban, verify); the passport file is in file-download.server.ts. */
import { callEndpoint } from "~/upstream/client.server";
import { type User, type UserListQuery, userEndpoints } from "~/upstream/contract/users";

/** Values of the users-list `status` URL filter and what the upstream expects (docs/product.md#users-list). */

/** Values of the users-list `citizenship` URL filter and the upstream's badgeRequestStatus. */
export const CITIZENSHIP_QUERY = { approved: "2", pending: "1", "not-applied": "0" } as const;
export type CitizenshipFilter = keyof typeof CITIZENSHIP_QUERY;

/** True for a user the panel never lists: administrators (docs/product.md#users-list). */
export function isAdminUser(user: Pick<User, "role">): boolean {
  return user.role.trim().toLowerCase() === "admin";
}

/** GET /users with paging and filters; one call per list render. */
export function listUsers(request: Request, query: UserListQuery) {
  return callEndpoint(request, userEndpoints.list, { query, retry: "safe-read" });
}

/** GET /users read for a count (the dashboard): each user's role only. */
export async function listUserRoles(request: Request, query: UserListQuery) {
  const { data } = await callEndpoint(request, userEndpoints.roles, { query, retry: "safe-read" });
  return data.data;
}

/** GET /users/{id}: the user with their invitees. */
export async function getUser(request: Request, id: string) {
  const { data } = await callEndpoint(request, userEndpoints.details, { params: { id }, retry: "safe-read" });
  return data.data;
}

/** GET /users/ban/{id}; the id travels in the path. A mutation despite its method: sent once. */
export async function banUser(request: Request, id: string) {
  const { data } = await callEndpoint(request, userEndpoints.ban, { params: { id } });
  return data.message;
}

/** GET /users/un-ban/{id}. A mutation despite its method: sent once. */
export async function unbanUser(request: Request, id: string) {
  const { data } = await callEndpoint(request, userEndpoints.unban, { params: { id } });
  return data.message;
}

/** POST /users/verify/{id}. */
export async function verifyUser(request: Request, id: string) {
  const { data } = await callEndpoint(request, userEndpoints.verify, { params: { id } });
  return data.message;
}
