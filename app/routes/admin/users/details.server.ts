import { loadUserHistory } from "./history.server";
import { loadStaffNotes } from "./staff-notes.server";
import { canPush, NO_DEVICES } from "./push";
import { env } from "~/config/env.server";
import { PUSH_EMAIL_MISSING } from "~/forms/users";
import { formatDate, formatDateTime } from "~/lib/format";
import { logLine } from "~/lib/log.server";
import { banEndsOf } from "~/bans/ban-ends.server";
import { banOffer } from "./user-actions.server";
import { savedMessagePicker } from "~/components/moderation/saved-message-picker.server";
import { liveStrikes } from "~/bans/strikes.server";
import { opensBan } from "./user-links";
import { paginate, parsePaging } from "~/lib/pagination";
import { loadFailure, refuse } from "~/recipe/failure.server";
import { inviteFilters, inviteesMatching } from "./invite-rows.server";
import { sendNotificationToUser } from "~/upstream/notifications.server";
import { safeFileLink } from "~/upstream/file-links.server";
import { getUser } from "~/upstream/users.server";
import { may, maySee } from "~/session/permissions";
import { requireUser } from "~/session/user.server";

/** A member's pending ban end (as the page shows it) and live strikes; a state store away shows neither. */
async function banStateOf(userId: string): Promise<{ banEnds: string; strikes: number; strikesText: string }> {
  const { APP_TIMEZONE, STRIKE_LAPSE_DAYS } = env();
  let until: number | undefined;
  let strikes = 0;
  try {
    const [ends, live] = await Promise.all([banEndsOf([userId]), liveStrikes(userId)]);
    until = ends.get(userId);
    strikes = live.length;
  } catch (error) {
    logLine("error", "a member's ban end and strikes could not be read", { error: String(error) });
  }
  return {
    // Worded here: the page only shows them (docs/product.md#bans-with-an-end).
    banEnds: until ? formatDateTime(until, APP_TIMEZONE) : "Never: the ban is permanent",
    strikes,
    strikesText: `${strikes} in the last ${STRIKE_LAPSE_DAYS} days`,
  };
}

/** One user with their invitees, filtered and paged from the URL, and their History (docs/product.md#user-details). */
export async function loadUserDetails(request: Request, params: { id: string }) {
  const search = new URL(request.url).searchParams;
  const filters = inviteFilters(search);
  const timeZone = env().APP_TIMEZONE;
  // What the admin's role offers (permissions.ts): the rest is neither rendered nor sent to the page.
  const { panelRole: role } = await requireUser(request);
  const can = {
    ban: may(role, "ban"),
    push: may(role, "push"),
    export: may(role, "export"),
    personal: maySee(role, "phone"),
  };
  // Read beside the user: the trail's store and the upstream answer at the same time.
  const history = may(role, "read-audit") ? loadUserHistory(params.id, timeZone) : null;
  const notes = loadStaffNotes(request, params.id);
  // The saved warnings (docs/product.md#saved-messages), read while Warn is open.
  const warnPicker = can.ban && search.has("warn") ? savedMessagePicker(request, "warn") : null;
  // And the saved ban messages while Ban is (decision 084).
  const banPicker = can.ban && opensBan(search) ? savedMessagePicker(request, "ban") : null;

  // The pending end of a ban and the live strikes, from the panel's state, beside the rest.
  const bans = banStateOf(params.id);

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
        isEmailVerified: user.isEmailVerified,
        label: user.fullName?.trim() || user.email,
        devicesCount: user.devicesCount,
        ...(await bans),
      },
      // The ban's offer only while Ban is open, as on the list (decision 087).
      banOffer: can.ban && opensBan(search) ? banOffer() : null,
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
      warnPicker: await warnPicker,
      banPicker: await banPicker,
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
