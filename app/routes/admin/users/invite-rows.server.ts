/**
 * A user's two invite lists for their URL's filters (docs/product.md#user-invites,
 * docs/product.md#user-details): what the pages show a page of, and what their exports write whole.
 */
import { filterInvites, getUserInvites, parseInviteStatus } from "~/upstream/invites.server";
import { getUser } from "~/upstream/users.server";

/** The invite tables' filters as the URL gives them (and as the filter form shows them back). */
export function inviteFilters(params: URLSearchParams) {
  return { search: params.get("search") ?? "", status: parseInviteStatus(params.get("status")) };
}

/** The invites the user sent that the filters match, in the upstream's order, with the user. */
export async function userInvitesMatching(request: Request, id: string, params: URLSearchParams) {
  const answer = await getUserInvites(request, id);
  return { answer, matching: filterInvites(answer.data, { ...inviteFilters(params), email: "invitedTo" }) };
}

/** The user (one call: the details answer carries the invitees) and the invitees the filters match. */
export async function inviteesMatching(request: Request, id: string, params: URLSearchParams) {
  const user = await getUser(request, id);
  return { user, matching: filterInvites(user.invitees, { ...inviteFilters(params), email: "invitedToEmail" }) };
}
