import { createContext, type RouterContextProvider } from "react-router";

import { logLine } from "~/lib/log.server";
import { requestContext } from "~/lib/request-context.server";
import { authEndpoints } from "~/upstream/contract/auth";
import { isUpstreamError } from "~/upstream/errors";
import type { UpstreamCallRecord } from "~/upstream/panel-session.server";

// The upstream calls of the admin action in flight, in the request's router context: set by the
// admin shell's audit middleware (auditUpstreamCalls) for a form post, filled by the upstream client.
const auditedCalls = createContext<UpstreamCallRecord[] | null>(null);

/** Starts noting the request's upstream calls for its audit line; the list fills while the request runs. */
export function auditUpstreamCalls(context: Readonly<RouterContextProvider>): readonly UpstreamCallRecord[] {
  const calls: UpstreamCallRecord[] = [];
  context.set(auditedCalls, calls);
  return calls;
}

/** Notes an upstream call (and its answer's status) made while an audited action runs. */
export function recordUpstreamCall(call: UpstreamCallRecord): void {
  requestContext()?.get(auditedCalls)?.push(call);
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
 * Writes the audit line of an admin action (app/routes/admin/audit.server.ts): one JSON line to
 * stdout with the time, the admin's email, the action (`intent`), the target id, the upstream call
 * it made with its status, and the result.
 */
export function writeAuditLine(
  admin: string | null,
  fields: { intent: string | null; target: string | null },
  calls: readonly UpstreamCallRecord[],
): void {
  const { msg, ...entry } = auditEntry({ admin, ...fields }, calls);
  logLine("info", msg, entry);
}

/** How an audited action ended: sent and accepted, refused by the panel, failed upstream, or unknown (timed out). */
export type AuditResult = "done" | "refused" | "failed" | "unknown";

/** What an audit entry is about: its kind, its id and its name at the time (a user's name, a post's title). */
export interface AuditTarget {
  kind: "user" | "badge-request" | "post" | "announcement" | "plan" | "list";
  id: string;
  name?: string | null;
}

/** One admin action as the audit trail keeps it (issues 27 and 28). Never a password, token or cookie. */
export interface AuditRecord {
  admin: string | null;
  /** The action: a row action's intent ("ban"), or a bulk item's ("ban" with `batch` set). */
  action: string;
  target?: AuditTarget | null;
  reason?: string | null;
  /** The bulk batch the entry belongs to. */
  batch?: string | null;
  result: AuditResult;
  /** The upstream's status, when it answered. */
  status?: number | null;
  /** The upstream's message for a failure, or why the panel refused (no longer pending...). */
  detail?: string | null;
}

/** Records one audited action: today one JSON line to stdout ("audit"); the lasting store comes with issue 28. */
export function recordAudit(record: AuditRecord): void {
  logLine(record.result === "failed" || record.result === "unknown" ? "warn" : "info", "audit", { ...record });
}

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
