/**
 * Every row of the citizenship requests list for its query (docs/product.md#bulk-actions): what
 * "Select all matching" acts on, and what an export of the list writes: one page, as the upstream
 * sends every pending request at once.
 */
import { matchesSearch } from "~/lib/search";
import type { BadgeRequest } from "~/upstream/contract/users";
import { listPendingBadges } from "~/upstream/moderation.server";

/**
 * The requests a search matches: the upstream has none, so the panel matches name, email and phone,
 * ignoring case; the phone only for a role that may see it (`byPhone`), or a search would reveal it.
 */
export function badgesMatching(badges: readonly BadgeRequest[], search: string, byPhone = true): BadgeRequest[] {
  return badges.filter((badge) => matchesSearch(search, badge.fullName, badge.email, byPhone ? badge.phone : null));
}

/** The pending requests the list's search matches, in the list's order (the list's loader pages the same). */
export async function* badgeRequestPages(request: Request, params: URLSearchParams): AsyncGenerator<BadgeRequest[]> {
  yield badgesMatching(await listPendingBadges(request), params.get("search") ?? "");
}
