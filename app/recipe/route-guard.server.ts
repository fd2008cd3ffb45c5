import type { MiddlewareFunction } from "react-router";

import { recordAuditEntry } from "~/audit/record.server";
import { submittedForm } from "~/forms/form-data.server";
import { NO_ACCESS, pageError } from "~/lib/page-error";
import { may, mayPost, neededAction, type PanelAction, ROLE_LABELS } from "~/session/permissions";
import { requireUser, type SignedInUser } from "~/session/user.server";

/**
 * Root middleware: every request's route is checked against the roles matrix (permissions.ts,
 * ROUTE_NEEDS) before any loader or action runs, pages, files and form posts alike. A signed-in
 * admin whose role may not ask it gets the 403 page 'You do not have access to this page' and a
 * refused audit entry; a route the matrix does not know is refused to everyone (decision 078).
 */
export const guardRoute: MiddlewareFunction<Response> = async ({ request, pattern }, next) => {
  const url = new URL(request.url);
  const form = request.method === "GET" || request.method === "HEAD" ? null : await submittedForm(request);
  const posted = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" && value !== "" ? value.slice(0, 100) : null;
  };
  const needed = neededAction(pattern, { method: request.method, posted, query: url.searchParams });
  if (needed === "public") return next();
  const user = await requireUser(request);
  if (needed !== null && may(user.panelRole, needed)) return next();
  throw await refusal(request, user, form ? (posted("intent") ?? "unknown") : "open", needed);
};

/** The refused entry of a request the role may not make, and the 403 page to throw. */
async function refusal(request: Request, user: SignedInUser, action: string, needed: PanelAction | null) {
  await recordAuditEntry({
    admin: user.email,
    action,
    target: { kind: "page", id: new URL(request.url).pathname.slice(0, 200) },
    result: "refused",
    detail: `not allowed to a ${ROLE_LABELS[user.panelRole]}${needed ? ` (needs ${needed})` : ""}`,
  });
  return pageError(403, NO_ACCESS);
}

/**
 * For a step whose intent is known only once its item is read (a batch's Retry runs the batch's
 * action): the 403 page and a refused entry unless the role may post `intent` to `pattern`.
 */
export async function requireIntent(request: Request, pattern: string, intent: string): Promise<void> {
  const user = await requireUser(request);
  if (!mayPost(user.panelRole, pattern, intent)) throw await refusal(request, user, intent, null);
}
