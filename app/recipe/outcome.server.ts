/**
 * The one outcome core (docs/decisions/067-one-outcome-core.md): applies one action to one target,
 * says what happened and answers it. A route's row action (tableAction, rowAction), each bulk item
 * (app/bulk/bulk-action.server.ts) and each queue decision go through applyAction; no other code maps
 * an upstream error to an outcome, and it writes the action's audit entry, naming the target as it
 * read it.
 *
 *   take the target's claim → read its current state → refuse when stale → send → classify →
 *   record the audit entry → release the claim
 *
 * Below it, in the order a route's call runs: a table entry's terms read from the form and the
 * entry as a row action (tableAction, tableRowAction; the table's shape is
 * app/recipe/action-table.server.ts), its call and its message to the member (sendThenMessage),
 * the row action through the core (applyRowAction) and its answer (rowAction, answerOutcome).
 */
import { replace } from "react-router";

import type { AuditResult, AuditTarget } from "~/audit/entry";
import { env } from "~/config/env.server";
import { formatDateTime } from "~/lib/format";
import { logLine } from "~/lib/log.server";
import type { ActionTable, ActionTerms, Found, TableAction } from "~/recipe/action-table.server";
import { failRowAction, invalidSubmission, Refusal } from "~/recipe/failure.server";
import { recordAuditEntry } from "~/audit/record.server";
import { getCurrentUser } from "~/session/user.server";
import { replaceWithInfo, replaceWithSuccess } from "~/session/toast.server";
import { type Claim, claimToAct, releaseClaim } from "~/state/claims.server";
import { isUpstreamError, upstreamFailure, type UpstreamError } from "~/upstream/errors";
import { notePanelChange } from "~/upstream/reached.server";

/** How long a target is held while an action runs: beyond any upstream call's timeout and retries. */
const ACTING_MS = 2 * 60_000;

/** What happened to one action on one target. */
export type Outcome =
  /** Sent and accepted (or already met: a delete of what is gone); the server's message, if any. */
  | { result: "done"; status: number | null; message: string | null }
  /** Nothing sent: the panel refused, and why (no longer applies, held by another admin, not found). */
  | { result: "refused"; why: string; refusal?: Refusal }
  /** Sent and refused or failed upstream: its error (status, message). */
  | { result: "failed"; error: UpstreamError | Error }
  /** Sent and no answer came in time: it may have happened. */
  | { result: "unknown"; error: UpstreamError };

/** One action on one target, as a route, a batch or the queue describes it. */
export interface ActOn<S> {
  target: { kind: AuditTarget["kind"]; id: string };
  /** The intent or the bulk action's name: the trail records its word (app/audit/entry.ts). */
  action: string;
  admin: string | null;
  reason?: string | null;
  batch?: string | null;
  /** The target's current state; null when it is not there (not on the list, deleted). */
  read?: () => Promise<Found<S> | null>;
  /** Why the action no longer applies to that state, or null (it may look up who changed it). */
  stale?: (state: S) => string | null | Promise<string | null>;
  /** What to say when the read finds nothing. */
  notFound?: string;
  /** Sends the action; resolves to the server's message, if any. May `refuse(...)` before it sends. */
  send: (state: S | undefined) => Promise<string | null | void>;
  /** A 404 answer meets the action's goal (a delete of what is already gone): done. */
  goneIsDone?: boolean;
  /** A step of the panel's own, which sends nothing upstream (a queue skip): done has no status. */
  panelOnly?: boolean;
  /**
   * The detail of the entry when it is done (a batch's "Already removed" is set by the core), from
   * the server's message and the state the read found (a change's text before it).
   */
  doneDetail?: (message: string | null, before: S | undefined) => string | null;
}

/** What a claim held by someone else says: the queue's review, or an action in flight. */
export function heldBy(claim: Claim, admin: string | null, timeZone: string): string {
  if (claim.purpose === "review")
    return `Being reviewed by ${claim.admin} since ${formatDateTime(claim.since, timeZone)}`;
  if (claim.admin === admin) return "This is being changed in another tab or batch right now";
  return `${claim.admin} is changing this right now`;
}

export const OUTCOME_TEXTS = {
  notFound: "Not found",
  alreadyRemoved: "Already removed",
  unexpected: "Unexpected error: nothing more is known",
} as const;

/** The audit trail's result, status and detail of an outcome. */
function auditFields(outcome: Outcome): { result: AuditResult; status: number | null; detail: string | null } {
  switch (outcome.result) {
    case "done":
      return { result: "done", status: outcome.status, detail: outcome.message };
    case "refused":
      return { result: "refused", status: null, detail: outcome.why };
    case "failed": {
      const error = outcome.error;
      return isUpstreamError(error)
        ? { result: "failed", status: error.status, detail: error.messageOr(error.message) }
        : { result: "failed", status: null, detail: OUTCOME_TEXTS.unexpected };
    }
    case "unknown":
      return { result: "unknown", status: null, detail: outcome.error.message };
  }
}

/** An error thrown by `send` as an outcome: failed, unknown when the change may have happened, or done when its goal is met. */
export function sentOutcome(error: unknown, goneIsDone = false): Outcome {
  // An answer thrown on purpose (an upstream 401's way to sign in, a 403 page) is the request's, not an outcome.
  if (error instanceof Response || !(error instanceof Error || error instanceof Refusal)) throw error;
  if (error instanceof Refusal)
    return { result: "refused", why: "message" in error.refused ? error.refused.message : "", refusal: error };
  if (!isUpstreamError(error))
    return { result: "failed", error: error instanceof Error ? error : new Error(String(error)) };
  if (error.failure === "outcome-unknown") return { result: "unknown", error };
  if (goneIsDone && error.status === 404) return { result: "done", status: 404, message: OUTCOME_TEXTS.alreadyRemoved };
  return { result: "failed", error };
}

/**
 * Applies `act` and records its audit entry: the one place an action's outcome is decided. The
 * target stays claimed from before its read until its entry is written, so a second action on it
 * (another admin, tab, batch or the queue) is refused, naming who holds it, or reads the state the
 * first one left and is refused as stale.
 */
export async function applyAction<S>(
  act: ActOn<S>,
  timeZone: string,
): Promise<{ outcome: Outcome; found: Found<S> | null }> {
  const admin = act.admin ?? "unknown admin";
  const entry = (found: Found<S> | null): EntryOf => ({
    ...act,
    target: { ...act.target, name: found?.name ?? null, owner: found?.owner ?? null },
    doneDetail: act.doneDetail && ((message) => act.doneDetail!(message, found?.state)),
  });
  const claim = await claimToAct(act.target, admin, ACTING_MS);
  if ("by" in claim) {
    const outcome: Outcome = { result: "refused", why: heldBy(claim.by, act.admin, timeZone) };
    await recordOutcome(entry(null), outcome);
    return { outcome, found: null };
  }
  try {
    const applied = await outcomeOf(act);
    // Recorded before the claim ends: whoever acts next finds this entry (who decided, and when).
    await recordOutcome(entry(applied.found), applied.outcome);
    // A panel-only step that changed something is remembered by its one-time key, as a sent call is.
    if (act.panelOnly && applied.outcome.result === "done") notePanelChange();
    return applied;
  } finally {
    await releaseClaim(claim.held);
  }
}

/** What an entry says beside its outcome: who did what to which target, why, in which batch. */
export interface EntryOf {
  admin: string | null;
  action: string;
  target: AuditTarget | null;
  reason?: string | null;
  batch?: string | null;
  /** The detail of a done entry, when not the server's message (a panel-only step's). */
  doneDetail?: (message: string | null) => string | null;
}

/** Records the audit entry of an outcome (the core's, and a form save's: saveForm). */
export async function recordOutcome(entry: EntryOf, outcome: Outcome): Promise<void> {
  const fields = auditFields(outcome);
  if (outcome.result === "done" && entry.doneDetail) fields.detail = entry.doneDetail(outcome.message);
  if (outcome.result === "failed" && !isUpstreamError(outcome.error))
    logLine("error", "action failed", { action: entry.action, target: entry.target, error: String(outcome.error) });
  await recordAuditEntry({
    admin: entry.admin,
    action: entry.action,
    target: entry.target,
    reason: entry.reason ?? null,
    batch: entry.batch ?? null,
    ...fields,
  });
}

/**
 * Reads, checks and sends, and says what happened: the core's steps between its claim and its
 * audit entry (pure apart from the action's own calls, so it is tested on its own).
 */
export async function outcomeOf<S>(
  act: Pick<ActOn<S>, "read" | "stale" | "notFound" | "send" | "goneIsDone" | "panelOnly">,
): Promise<{ outcome: Outcome; found: Found<S> | null }> {
  let found: Found<S> | null = null;
  try {
    if (act.read) {
      found = await act.read();
      if (!found) return { outcome: { result: "refused", why: act.notFound ?? OUTCOME_TEXTS.notFound }, found };
      const why = await act.stale?.(found.state);
      if (why) return { outcome: { result: "refused", why }, found };
    }
  } catch (error) {
    // A read that failed sent nothing: its outcome is the read's failure.
    return { outcome: sentOutcome(error, false), found };
  }
  try {
    const message = (await act.send(found?.state))?.trim() || null;
    return { outcome: { result: "done", status: act.panelOnly ? null : 200, message }, found };
  } catch (error) {
    return { outcome: sentOutcome(error, act.goneIsDone ?? false), found };
  }
}

// ---------------------------------------------------------------------------------------------
// A route's call: an entry of its screen's action table applied to one target, and answered.

/**
 * A route's one call for an intent of its action table on one target (the row's, user details'):
 * the entry's terms read from the form when it asks them (a ban's: refused, the 400 that shows the
 * dialog again with what was typed, and a toast), then the row action (rowAction, tableRowAction).
 */
export function tableAction<K extends string, S>(
  request: Request,
  form: FormData,
  back: string,
  table: ActionTable<K, S>,
  intent: K,
  id: string,
) {
  const terms = table.actions[intent].terms?.read(form, getCurrentUser(request).email);
  if (terms && !terms.ok) return invalidSubmission(terms.errors, terms.values, { toast: true });
  return rowAction(request, back, tableRowAction(request, table, intent, id, terms?.value));
}

/**
 * The row action of `intent` on target `id`, as the outcome core applies it: the table's read
 * and check (when the action has one), its call, its toasts and the trail's word.
 */
export function tableRowAction<K extends string, S>(
  request: Request,
  table: ActionTable<K, S>,
  intent: K,
  id: string,
  terms?: ActionTerms & { message: string | null },
): RowAction<S> {
  const action = table.actions[intent];
  const { stale, done, failed, records, doneDetail } = action;
  return {
    target: { kind: table.kind, id },
    action: records,
    read: stale ? () => table.read(request, id) : undefined,
    stale: stale ? (state) => stale(state, id) : undefined,
    send: async (state) => (await sendThenMessage(request, action, id, state, terms?.message ?? null, terms)).answer,
    done,
    failed,
    reason: terms?.reason,
    doneDetail: doneDetail ? (message) => doneDetail(message, terms) : undefined,
  };
}

/**
 * Sends a table action, then its message to the member when one is given (Reject's, a ban's): a
 * message that fails is said in the answer ("Done, but the message to the member was not sent:
 * ..."), never thrown and never silent. The row action and each batch item send through it.
 */
export async function sendThenMessage<S>(
  request: Request,
  action: Pick<TableAction<S>, "send" | "message">,
  id: string,
  state: S | undefined,
  message: string | null,
  terms?: ActionTerms,
): Promise<{ answer: string | null; messageFailed: boolean }> {
  const answer = (await action.send(request, id, terms))?.trim() || null;
  if (!action.message || !message) return { answer, messageFailed: false };
  try {
    await action.message.send(request, id, state ?? null, message);
    return { answer, messageFailed: false };
  } catch (error) {
    if (error instanceof Response) throw error;
    const said = isUpstreamError(error) ? error.messageOr("") : "";
    return { answer: said ? `${MESSAGE_NOT_SENT}: ${said}` : MESSAGE_NOT_SENT, messageFailed: true };
  }
}

/** What a done action whose message to the member failed says. */
export const MESSAGE_NOT_SENT = "Done, but the message to the member was not sent";

/**
 * A row action (ban, approve, delete, a toggle, Sync): what it acts on, what to check, what to
 * send, and its texts. The outcome core (applyAction, above) applies it and records its entry.
 */
export interface RowAction<T> {
  /** What it acts on: the audit trail's kind and the item's id. */
  target: ActOn<T>["target"];
  /** The intent (or the toggle's direction, "pin"): the trail records its word. */
  action: string;
  /** The item's current state and its name at the time (one reader per screen); none: sent unread. */
  read?: () => Promise<Found<T> | null>;
  /** Why the action no longer applies to that state ("User X is already banned"), or null. */
  stale?: ActOn<T>["stale"];
  /** Sends the action; resolves to the server's message, if it sent one. */
  send: (state: T | undefined) => Promise<string | null | void>;
  /** The success toast when the server sends no message (none: no toast then). */
  done?: string;
  /**
   * The error toast when the server's message may not be shown (docs/product.md#toasts-and-error-handling),
   * or `{ log }`: a failure that is logged with this message and never shown (Sync).
   */
  failed: string | { log: string };
  /** Where a success goes, when not back to the screen (a deleted item's own page is gone). */
  to?: string;
  /** A 404 answer meets the goal (a delete of what is gone). */
  goneIsDone?: boolean;
  /** What to say when `read` finds nothing (default 'Not found'). */
  notFound?: string;
  /** A step of the panel's own that sends nothing upstream (ending a session): done has no status. */
  panelOnly?: boolean;
  /** The reason line the entry keeps (a ban's). */
  reason?: string | null;
  /** The detail of the entry when it is done, when not the server's message (a timed ban's end). */
  doneDetail?: (message: string | null) => string | null;
}

/**
 * The one row handler (Post/Redirect/Get in every outcome). The outcome core reads the row's
 * current state under its claim and refuses an action that no longer applies (an info toast,
 * nothing sent); otherwise it sends, and the handler goes back (or `to`) with the server's message
 * or `done`. A failure goes back with the error toast, an unknown outcome with a warning. Every
 * redirect replaces the dialog's history entry, so Back never returns to a confirmation already
 * sent, and a reload never sends again.
 */
export async function rowAction<T>(request: Request, back: string, action: RowAction<T>) {
  const { outcome } = await applyRowAction(request, action);
  return answerOutcome(request, back, outcome, action);
}

/**
 * A row action through the outcome core, without its answer: its outcome and the target as its
 * read found it, for a screen that goes on from there (a post's delete, then its author's warning).
 */
export function applyRowAction<T>(request: Request, action: RowAction<T>) {
  return applyAction(
    {
      target: action.target,
      action: action.action,
      admin: getCurrentUser(request).email,
      read: action.read,
      stale: action.stale,
      send: action.send,
      goneIsDone: action.goneIsDone,
      notFound: action.notFound,
      panelOnly: action.panelOnly,
      reason: action.reason,
      doneDetail: action.doneDetail,
    },
    env().APP_TIMEZONE,
  );
}

/** The answer of a row action's outcome: the screen again with its toast. */
export async function answerOutcome(
  request: Request,
  back: string,
  outcome: Outcome,
  texts: Pick<RowAction<unknown>, "done" | "failed" | "to">,
) {
  switch (outcome.result) {
    case "done": {
      const message = outcome.message || texts.done;
      const to = texts.to ?? back;
      return message ? await replaceWithSuccess(request, to, message) : replace(to);
    }
    case "refused":
      return outcome.refusal ? outcome.refusal.answer(request, {}) : await replaceWithInfo(request, back, outcome.why);
    case "failed":
    case "unknown": {
      if (typeof texts.failed === "string") return failRowAction(request, back, outcome.error, texts.failed);
      const { status, failure, message } = upstreamFailure(outcome.error);
      logLine("warn", texts.failed.log, { status, failure, message });
      return replace(back);
    }
  }
}
