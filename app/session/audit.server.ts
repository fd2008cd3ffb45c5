import { createContext, type RouterContextProvider } from "react-router";

import { recordedAction } from "~/audit/actions";
import type { AuditRecord, AuditResult, AuditTarget } from "~/audit/entry";
import { onEntryWritten, theAuditTrail } from "~/audit/trail.server";
import { env } from "~/config/env.server";
import { rollupStore } from "~/insights/rollup-store.server";
import { logLine } from "~/lib/log.server";
import { requestContext } from "~/lib/request-context.server";
import { authEndpoints } from "~/upstream/contract/auth";
import { isUpstreamError } from "~/upstream/errors";

/** How one failed sign-in ended (sign-in-audit.server.ts gathers them): the upstream's status, or why no answer came. */
export interface SignInFailure {
  result: Extract<AuditResult, "failed" | "unknown">;
  status: number | null;
  detail: string | null;
}

export type { AuditRecord, AuditResult, AuditTarget };

/** What the admin shell's safety net learns of the form post in flight while it runs. */
export interface AuditedPost {
  /** Whether anything it ran recorded an entry (the outcome core, saveForm, a batch, the queue). */
  recorded: boolean;
}

// The admin post in flight, in the request's router context: set by the admin shell's audit
// middleware (auditPost), marked by every entry recorded while it runs.
const auditedPost = createContext<AuditedPost | null>(null);

/** Starts watching whether the request's form post records an entry. */
export function auditPost(context: Readonly<RouterContextProvider>): Readonly<AuditedPost> {
  const post: AuditedPost = { recorded: false };
  context.set(auditedPost, post);
  return post;
}

/**
 * Tells the safety net that the form post in flight records its own entries: a bulk batch says
 * so when it starts, since its items may be recorded after the answer.
 */
export function recordsItsOwnEntries(): void {
  const post = requestContext()?.get(auditedPost);
  if (post) post.recorded = true;
}

/**
 * Records one audited action: one JSON line to stdout ("audit", what operators read) and one
 * entry in the lasting trail (app/audit/trail.server.ts) through its outbox, so the action never
 * waits for the store nor fails with it.
 */
export function recordAudit(record: AuditRecord): void {
  recordsItsOwnEntries();
  // The entry waits in the outbox while the store is away: nothing here needs the write's outcome.
  void recordAuditEntry(record);
}

// Every entry the trail writes is counted in the day's roll-up of /insights, once, as it is written.
const rollups = rollupStore();
onEntryWritten((entry) => rollups.count(entry, env().APP_TIMEZONE));

/** The results an operator is warned of in the log line. */
const WARNING_RESULTS = new Set<AuditResult>(["failed", "unknown"]);

/**
 * recordAudit for a caller that answers once the entry is stored (the admin form posts: the next
 * page, /audit included, shows it). Resolves once written, or once the store failed and the entry waits.
 */
export function recordAuditEntry(record: AuditRecord): Promise<void> {
  recordsItsOwnEntries();
  const stamped = { ...record, action: recordedAction(record.action), at: record.at ?? Date.now() };
  const level = WARNING_RESULTS.has(record.result) ? "warn" : "info";
  logLine(level, "audit", { ...stamped, at: new Date(stamped.at).toISOString() });
  return theAuditTrail().record(stamped);
}

/** How a sign-in that threw ends in the trail: failed with the upstream's status, or unknown. */
export function signInFailure(error: unknown): SignInFailure {
  if (!isUpstreamError(error)) return { result: "failed", status: null, detail: "error" };
  if (error.failure !== "http") return { result: "unknown", status: null, detail: error.failure };
  return { result: "failed", status: error.status, detail: null };
}

/**
 * The audit of a sign-out the upstream did not confirm (its logout failed, retry included): the
 * browser's cookies are gone and the panel refuses the session itself (decision 033) while it
 * retries the logout in the background, so the entry says how the call ended, and an operator
 * gets a warning naming the admin.
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
  recordAudit({
    admin,
    action: "sign-out",
    result: answer.failure === "http" ? "failed" : "unknown",
    status: answer.failure === "http" ? answer.status : null,
    detail: "session revoked by the panel; upstream logout retried in the background",
  });
}
