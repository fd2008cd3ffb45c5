import { createContext, type RouterContextProvider } from "react-router";

import { type AuditRecord, type AuditResult, type AuditTarget, recordedAction } from "~/audit/entry";
import { theAuditTrail } from "~/audit/trail.server";
import { logLine } from "~/lib/log.server";
import { requestContext } from "~/lib/request-context.server";

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
