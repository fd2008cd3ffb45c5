/**
 * GET /users/{id}/certificate: opens the member's citizenship certificate (the users list's
 * "Download certificate", in a new tab), and writes the audit entry that says who opened it:
 * reading personal data is an act (docs/product.md#roles-and-permissions). The file stays the
 * upstream's own link, which the answer redirects to; a member without an approved request's
 * certificate goes back to the list (`?back=`) with the reason as an error toast.
 */
import { redirect } from "react-router";

import type { Route } from "./+types/certificate";
import { BACK_PARAM } from "./user-links";
import { recordAuditEntry } from "~/audit/record.server";
import { safeRedirect } from "~/session/safe-redirect";
import { redirectWithError } from "~/session/toast.server";
import { requireUser } from "~/session/user.server";
import { isUpstreamError } from "~/upstream/errors";
import { safeFileLink } from "~/upstream/file-links.server";
import { getUser } from "~/upstream/users.server";

/** What a redirect to the file must not be: kept by a cache (the link is the upstream's of the moment). */
const NOT_STORED = { headers: { "Cache-Control": "no-store" } };

export async function loader({ request, params }: Route.LoaderArgs) {
  // Outside the admin layout; the root's guard has checked the role may read personal data (permissions.ts).
  const { email: admin } = await requireUser(request);
  const back = safeRedirect(new URL(request.url).searchParams.get(BACK_PARAM), "/users");
  try {
    const user = await getUser(request, params.id);
    const link = user.badgeRequestStatus === 2 ? safeFileLink(user.badgeFileName) : null;
    if (!link) return await redirectWithError(request, back, "This user has no certificate", NOT_STORED);
    await recordAuditEntry({
      admin,
      action: "open-certificate",
      target: { kind: "user", id: params.id, name: user.fullName?.trim() || user.email },
      result: "done",
    });
    return redirect(link, NOT_STORED);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return await redirectWithError(request, back, "The certificate could not be opened", NOT_STORED);
  }
}
