import { BadgeDecisionSchema } from "~/forms/moderation";
import { parseForm, submittedForm } from "~/forms/form-data.server";
import { rejectedAction } from "~/forms/rejected-action.server";
import { closeDialogHref } from "~/lib/dialog-url";
import { redirectWithError, redirectWithSuccess } from "~/session/toast.server";
import { failureMessage } from "~/upstream/errors";
import { decideBadge } from "~/upstream/moderation.server";

/**
 * The approve and reject intents, shared by the dashboard and the citizenship requests screen:
 * `POST /users/badges/{id}` with approved 2 or 0, then back to the same screen with the server's
 * message as the toast (spec 2.11, 8).
 */
export async function decideBadgeAction(request: Request) {
  const url = new URL(request.url);
  const back = closeDialogHref(url.pathname, url.search);
  const form = parseForm(await submittedForm(request), BadgeDecisionSchema);
  if (!form.ok) return rejectedAction(form);
  const { intent, id } = form.data;
  try {
    const message = await decideBadge(request, id, intent);
    return redirectWithSuccess(
      request,
      back,
      message.trim() || (intent === "approve" ? "Badge request approved" : "Badge request rejected"),
    );
  } catch (error) {
    return redirectWithError(request, back, failureMessage(error, "Failed to update badge request"));
  }
}
