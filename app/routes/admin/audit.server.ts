import type { MiddlewareFunction } from "react-router";

import { submittedForm } from "~/forms/form-data.server";
import { logLine } from "~/lib/log.server";
import { auditPost, recordAuditEntry } from "~/audit/record.server";
import { getCurrentUser } from "~/session/user.server";

/**
 * The audit trail's safety net on the admin screens (route middleware of the admin shell). Every
 * action records its own entry where its outcome is known (the outcome core, saveForm, a batch,
 * the queue; docs/decisions/067-one-outcome-core.md); this only watches:
 * - a post the panel refused before anything ran (an unknown intent, a malformed form: 4xx) is a
 *   refused entry with the posted intent, and nothing else of the form: no target, no reason;
 * - a post that answered otherwise without an entry is a bug, logged as a warning (a form's own
 *   step, which re-renders it with 200, is none: the tier form's Add Feature).
 * The answer waits for the entry, so the page it leads to, /audit included, shows it.
 */
export const auditAdminActions: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const post = auditPost(context);
  const response = await next();
  if (post.recorded) return response;
  if (response.status >= 400) {
    await recordAuditEntry({
      admin: getCurrentUser(request).email,
      action: (await postedIntent(request)) ?? "unknown",
      result: "refused",
      detail: `refused by the panel (${response.status})`,
    });
  } else if (response.status >= 300) {
    logLine("warn", "admin post wrote no audit entry", {
      path: new URL(request.url).pathname,
      status: response.status,
    });
  }
  return response;
};

/** The intent a post named, bounded; null when the form could not be read. */
async function postedIntent(request: Request): Promise<string | null> {
  try {
    const intent = (await submittedForm(request)).get("intent");
    return typeof intent === "string" && intent !== "" ? intent.slice(0, 100) : null;
  } catch {
    return null;
  }
}
