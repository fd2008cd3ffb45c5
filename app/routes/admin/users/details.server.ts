import { loadUserHistory } from "./history.server";
import { loadStaffNotes } from "./staff-notes.server";
import { canPush, NO_DEVICES } from "./push";
import { env } from "~/config/env.server";
import { PUSH_EMAIL_MISSING } from "~/forms/users";
import { formatDate } from "~/lib/format";
import { paginate, parsePaging } from "~/lib/pagination";
import { loadFailure, refuse } from "~/recipe/failure.server";
import { inviteFilters, inviteesMatching } from "./invite-rows.server";
import { sendNotificationToUser } from "~/upstream/notifications.server";
import { safeFileLink } from "~/upstream/file-links.server";
import { getUser } from "~/upstream/users.server";
import { may, maySee } from "~/session/permissions";
import { requireUser } from "~/session/user.server";

/** One user with their invitees, filtered and paged from the URL, and their History (docs/product.md#user-details). */
export async function loadUserDetails(request: Request, params: { id: string }) {
  const search = new URL(request.url).searchParams;
  const filters = inviteFilters(search);
  const timeZone = env().APP_TIMEZONE;
  // What the admin's role offers (permissions.ts): the rest is neither rendered nor sent to the page.
  const { panelRole: role } = await requireUser(request);
  const can = { push: may(role, "push"), export: may(role, "export"), personal: maySee(role, "phone") };
  // Read beside the user: the trail's store and the upstream answer at the same time.
  const history = may(role, "read-audit") ? loadUserHistory(params.id, timeZone) : null;
  const notes = loadStaffNotes(request, params.id);

  try {
    const { user, matching } = await inviteesMatching(request, params.id, search);
    const { items, pageInfo } = paginate(matching, parsePaging(search));
    return {
      found: true as const,
      user: {
        id: user.id,
        fullName: user.fullName?.trim() || null,
        email: user.email,
        phone: can.personal ? user.phone?.trim() || null : null,
        country: user.country?.trim() || null,
        dateOfBirth: can.personal && user.dateOfBirth ? formatDate(user.dateOfBirth, timeZone) : null,
        avatar: safeFileLink(user.profilePic),
        status: user.status,
        isBanned: user.isBanned,
        devicesCount: user.devicesCount,
      },
      invitees: items.map((invite) => ({
        id: invite.id,
        email: invite.invitedToEmail,
        status: invite.status,
        date: formatDate(invite.createdAt, timeZone),
      })),
      inviteeCount: user.invitees.length,
      pageInfo,
      filters,
      can,
      history: await history,
      notes: await notes,
    };
  } catch (error) {
    return loadFailure(error, { found: false as const });
  }
}

/**
 * Sends a push to the user (docs/product.md#user-details): the address comes from the upstream, never from
 * the form, and a user without one or without a device is refused before anything is sent.
 */
export async function sendPush(request: Request, userId: string, push: { title: string; message: string }) {
  const user = await getUser(request, userId);
  const email = user.email.trim();
  if (!email) refuse(PUSH_EMAIL_MISSING);
  // The page offers no push then; a stale or hand-made post is refused here rather than by the upstream.
  if (!canPush(user)) refuse(NO_DEVICES);
  return sendNotificationToUser(request, { email, title: push.title, body: push.message });
}
