import { createContext, type RouterContextProvider } from "react-router";

import { recordedAction } from "~/audit/actions";
import type { AuditRecord, AuditResult, AuditTarget } from "~/audit/entry";
import { theAuditTrail } from "~/audit/trail.server";
import { logLine } from "~/lib/log.server";
import { requestContext } from "~/lib/request-context.server";
import { authEndpoints } from "~/upstream/contract/auth";
import { isUpstreamError } from "~/upstream/errors";
import type { UpstreamCallRecord } from "~/upstream/panel-session.server";

/** How one failed sign-in ended (sign-in-audit.server.ts gathers them): the upstream's status, or why no answer came. */
export interface SignInFailure {
  result: Extract<AuditResult, "failed" | "unknown">;
  status: number | null;
  detail: string | null;
}

export type { AuditRecord, AuditResult, AuditTarget };

/** What the admin shell's middleware learns of the form post in flight while it runs. */
export interface AuditedPost {
  /** The upstream calls it made (filled by the upstream client), in order. */
  readonly calls: UpstreamCallRecord[];
  /** Whether its screen recorded entries of its own (recordAudit: a queue decision, bulk items). */
  selfRecorded: boolean;
  /** The target as the screen's action knows it (its row: name, owner), set with auditTarget. */
  target: AuditTarget | null;
  /** What the action did when its intent does not say (a toggle: "pin" or "unpin"), set with auditAction. */
  action: string | null;
}

// The admin action in flight, in the request's router context: set by the admin shell's audit
// middleware (auditPost) for a form post, filled by the upstream client and recordAudit.
const auditedPost = createContext<AuditedPost | null>(null);

/** Starts noting what the request's form post does for its audit entry; the record fills while the request runs. */
export function auditPost(context: Readonly<RouterContextProvider>): Readonly<AuditedPost> {
  const post: AuditedPost = { calls: [], selfRecorded: false, target: null, action: null };
  context.set(auditedPost, post);
  return post;
}

/** Notes an upstream call (and its answer's status) made while an audited action runs. */
export function recordUpstreamCall(call: UpstreamCallRecord): void {
  requestContext()?.get(auditedPost)?.calls.push(call);
}

/**
 * Tells the middleware's entry the target as the screen's action read it (its name at the time,
 * the member a post belongs to), in place of the bare id the form names. The one way an action
 * adds to its entry: nothing is parsed twice.
 */
export function auditTarget(target: AuditTarget): void {
  const post = requestContext()?.get(auditedPost);
  if (post) post.target = target;
}

/**
 * Tells the middleware's entry what the action did when its intent does not say: a toggle posts
 * the state it wants, and its entry says which way it went ("pin" is recorded as "pinned").
 */
export function auditAction(action: string): void {
  const post = requestContext()?.get(auditedPost);
  if (post) post.action = action;
}

/**
 * Tells the middleware that the form post in flight records its own entries (recordAudit does it
 * too): a bulk batch says so when it starts, since its items may be recorded after the answer.
 */
export function recordsItsOwnEntries(): void {
  const post = requestContext()?.get(auditedPost);
  if (post) post.selfRecorded = true;
}

/** What an admin form post named: its intent, its target and the reason given, if any. */
export interface PostedAction {
  intent: string | null;
  target: AuditTarget | null;
  reason: string | null;
}

/**
 * The audit record of an admin form post, from the upstream calls it made (pure, so it is tested
 * on its own; decision 058). The action's own call is the last one that is not a read: a 2xx is
 * done, another answer failed with its status, no answer (a timeout) unknown. Reads without a send
 * are the panel refusing (the row no longer applies), and so is a 4xx answer (a malformed or
 * limited submission). No call at all and a redirect is a step of the panel's own (skipping a
 * queue item, a repeated submission answered once): done, "no upstream call". A post that sent
 * nothing and answered 200 is a form's own step (the tier form's add-feature): no entry (null).
 */
export function auditRecordOf(
  admin: string | null,
  posted: PostedAction,
  calls: readonly UpstreamCallRecord[],
  responseStatus: number,
): AuditRecord | null {
  const base = { admin, action: posted.intent ?? "unknown", target: posted.target, reason: posted.reason };
  const sent = calls.filter((call) => !call.read).at(-1);
  if (!sent) {
    if (responseStatus >= 200 && responseStatus < 300) return null;
    // Refused before anything was read or sent (an unknown intent, a malformed form): it acted on
    // nothing, so it names no target and keeps no reason (a made-up post lands in no History).
    if (responseStatus >= 400) {
      return {
        ...base,
        target: null,
        reason: null,
        result: "refused",
        status: null,
        detail: `refused by the panel (${responseStatus})`,
      };
    }
    if (calls.length === 0) return { ...base, result: "done", status: null, detail: "no upstream call" };
    return { ...base, result: "refused", status: null, detail: "nothing sent" };
  }
  const upstream = `${sent.method} ${sent.path}`;
  if (sent.answered === false) return { ...base, result: "unknown", status: null, detail: `no answer: ${upstream}` };
  const done = sent.status >= 200 && sent.status < 300;
  return { ...base, result: done ? "done" : "failed", status: sent.status, detail: upstream };
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

/** The results an operator is warned of in the log line. */
const WARNING_RESULTS = new Set<AuditResult>(["failed", "unknown"]);

/**
 * recordAudit for a caller that answers once the entry is stored (the admin form posts: the next
 * page, /audit included, shows it). Resolves once written, or once the store failed and the entry waits.
 */
export function recordAuditEntry(record: AuditRecord): Promise<void> {
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
