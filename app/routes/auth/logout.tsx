import { redirect } from "react-router";

import type { Route } from "./+types/logout";
import { recordAudit, recordAuditEntry } from "~/audit/record.server";
import { logLine } from "~/lib/log.server";
import { isSessionRevoked, revokeSession } from "~/session/revoked-sessions.server";
import { redirectWithSuccess } from "~/session/toast.server";
import { endSession, getCurrentUser, setCookieHeaders, signOutCookies } from "~/session/user.server";
import { endSessionInBackground, signOut } from "~/upstream/auth.server";
import { authEndpoints } from "~/upstream/contract/auth";
import { isUpstreamError } from "~/upstream/errors";
import { upstreamSessionToken } from "~/upstream/session-cookie.server";

/** Sign-out is a POST only: a GET (a prefetch, an image tag) must never sign anyone out. */
export async function loader() {
  return redirect("/");
}

// Sign-out always ends the session (decision 033). No rate limit applies: a post without a valid
// signed session calls nothing upstream, and one with it must never be skipped.
export async function action({ request }: Route.ActionArgs) {
  // The panel's session ends first, whatever the upstream answers: no page opens with these cookies again.
  const ended = await endSession(request);
  const headers = setCookieHeaders(await signOutCookies(request));
  const token = upstreamSessionToken(request);
  // Nothing upstream to end, or a revoked session whose logout is already retried in the background.
  if (!token || (await isSessionRevoked(request))) return redirect("/login", { headers });
  try {
    // The upstream client retries it once (see signOut): only the upstream can end its session.
    await signOut(request);
  } catch (error) {
    auditFailedLogout(getCurrentUser(request).email, error);
    // Until the upstream confirms, the panel refuses the session itself and keeps asking.
    await revokeSession(token);
    endSessionInBackground(token);
    // docs/product.md#user-menu-and-sign-out: a failed logout behaves like a successful one, without the toast.
    return redirect("/login", { headers });
  }
  await recordAuditEntry({ admin: getCurrentUser(request).email, action: "sign-out", target: ended, result: "done" });
  return redirectWithSuccess(request, "/login", "Logged out successfully", { headers });
}

/**
 * The audit of a sign-out the upstream did not confirm (its logout failed, retry included): the
 * browser's cookies are gone and the panel refuses the session itself (decision 033) while it
 * retries the logout in the background, so the entry says how the call ended, and an operator
 * gets a warning naming the admin.
 */
function auditFailedLogout(admin: string | null, error: unknown): void {
  const { method, path } = authEndpoints.logout;
  const answer = isUpstreamError(error)
    ? { status: error.status, failure: error.failure }
    : { status: null, failure: "error" };
  logLine("warn", "upstream logout failed", {
    admin,
    upstream: `${method} ${path}`,
    ...answer,
    result: "session revoked by the panel; upstream logout retried in the background",
  });
  recordAudit({
    admin,
    action: "sign-out",
    result: answer.failure === "http" ? "failed" : "unknown",
    status: answer.failure === "http" ? answer.status : null,
    detail: "session revoked by the panel; upstream logout retried in the background",
  });
}
