import { data } from "react-router";

import { canPush, NO_DEVICES } from "./push";
import { env } from "~/config/env.server";
import { failSubmission, invalidSubmission, rejectedAction } from "~/forms/failure.server";
import { parseForm } from "~/forms/form-data.server";
import { PUSH_EMAIL_MISSING, PushNotificationSchema } from "~/forms/users";
import { formatDate } from "~/lib/format";
import { paginate, parsePaging } from "~/lib/pagination";
import { screenAction } from "~/recipe/screen-action.server";
import { replaceWithSuccess } from "~/session/toast.server";
import { isUpstreamError, screenStatus } from "~/upstream/errors";
import { filterInvites, parseInviteStatus } from "~/upstream/invites.server";
import { sendNotificationToUser } from "~/upstream/notifications.server";
import { safeFileLink } from "~/upstream/file-links.server";
import { getUser } from "~/upstream/users.server";

/** One user with their invitees, filtered and paged from the URL (docs/product.md#user-details). */
export async function loadUserDetails(request: Request, params: { id: string }) {
  const search = new URL(request.url).searchParams;
  const filters = { search: search.get("search") ?? "", status: parseInviteStatus(search.get("status")) };
  const timeZone = env().APP_TIMEZONE;

  try {
    // One call: the details answer carries the invitees too.
    const user = await getUser(request, params.id);
    const matching = filterInvites(user.invitees, { ...filters, email: "invitedToEmail" });
    const { items, pageInfo } = paginate(matching, parsePaging(search));
    return {
      found: true as const,
      user: {
        id: user.id,
        fullName: user.fullName?.trim() || null,
        email: user.email,
        phone: user.phone?.trim() || null,
        country: user.country?.trim() || null,
        dateOfBirth: user.dateOfBirth ? formatDate(user.dateOfBirth, timeZone) : null,
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
    };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return data({ found: false as const }, { status: screenStatus(error) });
  }
}

/** Send Notification (docs/product.md#user-details): the address comes from the upstream, never from the form. */
export const userDetailsAction = screenAction({
  async notify({ request, form: formData, params, back }) {
    const form = parseForm(formData, PushNotificationSchema);
    if (!form.ok) return invalidSubmission(form.errors, form.values);
    try {
      const user = await getUser(request, params.id ?? "");
      const email = user.email.trim();
      if (!email) return rejectedAction(PUSH_EMAIL_MISSING, form.values);
      // The page offers no push then; a stale or hand-made post is refused here rather than by the upstream.
      if (!canPush(user)) return rejectedAction(NO_DEVICES, form.values);
      const message = await sendNotificationToUser(request, { email, title: form.data.title, body: form.data.message });
      return await replaceWithSuccess(request, back, message.trim() || "Push notification sent successfully!");
    } catch (error) {
      // The upstream's `body` is the form's Message (docs/product.md#send-push-notification).
      return failSubmission(error, form.values, "Failed to send notification", { fieldNames: { body: "message" } });
    }
  },
});
