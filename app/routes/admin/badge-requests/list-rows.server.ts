/**
 * Every row of the citizenship requests list for its query (docs/product.md#bulk-actions): what
 * "Select all matching" acts on, and what an export of the list writes.
 */
import { matchesSearch } from "~/lib/search";
import type { BadgeRequest } from "~/upstream/contract/users";
import { listPendingBadges } from "~/upstream/moderation.server";

/**
 * The pending requests the list's search matches, in the list's order. The upstream has no search:
 * the panel filters, case-insensitively over name, email and phone, as the list's loader does.
 */
export async function* badgeRequestRows(request: Request, params: URLSearchParams): AsyncGenerator<BadgeRequest> {
  const search = params.get("search") ?? "";
  const pending = await listPendingBadges(request);
  yield* pending.filter((badge) => matchesSearch(search, badge.fullName, badge.email, badge.phone));
}
