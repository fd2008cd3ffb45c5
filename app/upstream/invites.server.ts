/** The invite calls of docs/product.md#upstream-calls and the filtering the invite screens apply. */
import { matchesSearch } from "~/lib/search";
import { callEndpoint } from "~/upstream/client.server";
import { type Invite, inviteEndpoints } from "~/upstream/contract/invites";

/** Status filter values of the invite screens (docs/product.md#user-invites and docs/product.md#user-details); empty means All. */
export const INVITE_STATUS_FILTERS = ["approved", "pending", "rejected"] as const;
export type InviteStatusFilter = (typeof INVITE_STATUS_FILTERS)[number];

/** Reads the `status` URL filter of an invite list; anything else means All. */
export function parseInviteStatus(value: string | null): InviteStatusFilter | "" {
  const wanted = value?.trim().toLowerCase() ?? "";
  return (INVITE_STATUS_FILTERS as readonly string[]).includes(wanted) ? (wanted as InviteStatusFilter) : "";
}

/** GET /invite/get/user-wise/{id}: the user's invites and the user. */
export async function getUserInvites(request: Request, id: string) {
  const { data } = await callEndpoint(request, inviteEndpoints.ofUser, { params: { id }, retry: "safe-read" });
  return data;
}

/**
 * Invites matching a status and a case-insensitive search on the invitee's email or the status
 * (docs/product.md#user-invites). `email` picks the field the screen shows.
 */
export function filterInvites(
  invites: readonly Invite[],
  { search, status, email }: { search: string; status: string; email: "invitedTo" | "invitedToEmail" },
): Invite[] {
  return invites.filter(
    (invite) =>
      (!status || invite.status.toLowerCase() === status) && matchesSearch(search, invite[email], invite.status),
  );
}
