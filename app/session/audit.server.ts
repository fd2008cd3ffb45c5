import { AsyncLocalStorage } from "node:async_hooks";

import type { MiddlewareFunction } from "react-router";

import { submittedForm } from "~/forms/form-data.server";
import { logLine } from "~/lib/log.server";
import { getCurrentUser } from "~/session/user.server";
import { authEndpoints } from "~/upstream/contract/auth";
import { isUpstreamError } from "~/upstream/errors";

/** One upstream call made while serving a request. */
interface UpstreamCallRecord {
  method: string;
  path: string;
  status: number;
}

// The upstream calls of the admin action in flight (React Router hands its action a Request
// object of its own, so the calls follow the async context rather than the request).
const currentActionCalls = new AsyncLocalStorage<UpstreamCallRecord[]>();

/** Notes an upstream call (and its answer's status) made while an audited action runs. */
export function recordUpstreamCall(call: UpstreamCallRecord): void {
  currentActionCalls.getStore()?.push(call);
}

/** What the audit line says about an admin action; pure, so it is tested on its own. */
export function auditEntry(
  { admin, intent, target }: { admin: string | null; intent: string | null; target: string | null },
  calls: readonly UpstreamCallRecord[],
) {
  // The action's own call comes last (ban reads the user first, then bans).
  const last = calls.at(-1);
  return {
    msg: "admin action",
    admin,
    action: intent ?? "unknown",
    target,
    upstream: last ? `${last.method} ${last.path}` : null,
    status: last?.status ?? null,
    result: !last ? "not sent" : last.status >= 200 && last.status < 300 ? "ok" : "failed",
  };
}

/**
 * The audit trail (route middleware of the admin shell): every form post to an admin screen
 * writes one JSON line to stdout with the time, the admin's email, the action (`intent`), the
 * target id, the upstream call it made with its status, and the result. Only `intent` and `id`
 * are read from the form: passwords, tokens and security keys never reach the log.
 */
export const auditAdminActions: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const fields = await readIntent(request);
  const calls: UpstreamCallRecord[] = [];
  const response = await currentActionCalls.run(calls, next);
  const user = getCurrentUser(request);
  const { msg, ...entry } = auditEntry({ admin: user.email, ...fields }, calls);
  logLine("info", msg, entry);
  return response;
};

/**
 * The audit line of a sign-out the upstream did not confirm (its logout failed, retry included):
 * the browser's cookies are gone and the panel refuses the session itself (decision 033) while it
 * retries the logout in the background, so an operator gets a warning naming the admin and how the call ended.
 */
export function auditFailedLogout(admin: string | null, error: unknown): void {
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
}

async function readIntent(request: Request): Promise<{ intent: string | null; target: string | null }> {
  try {
    const form = await submittedForm(request);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value !== "" ? value.slice(0, 100) : null;
    };
    return { intent: text("intent"), target: text("id") };
  } catch {
    return { intent: null, target: null };
  }
}
