/**
 * The recipe every route's action follows (docs/how-a-screen-works.md):
 *
 *   export async function action({ request, context }: Route.ActionArgs) {
 *     return runOnce({ request, context }, async ({ request, form, back }) => {
 *       const submission = parseSubmission(form, UserRowActionSchema);
 *       if (!submission.ok) return submission.rejected;
 *       switch (submission.value.intent) {
 *         case "ban": return rowAction(request, back, tableRowAction(request, USER_TABLE, "ban", id));
 *         default: return unhandledIntent(submission.value);
 *       }
 *     });
 *   }
 *
 * runOnce runs the submission at most once per one-time key; parseSubmission reads the intent and
 * its fields with the screen's schema (a row action's from its action table: rowIntentSchema);
 * rowAction and saveForm (app/recipe/save-form.server.ts) are the two shapes a mutation takes, and
 * tableAction applies the screen's action table's entry as a row action (below). Every failure
 * answers through app/recipe/failure.server.ts.
 */
import { replace } from "react-router";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";

import type { ActionWord } from "~/audit/entry";
import type { BanDuration, BanEnd, BanOffer } from "~/lib/ban-ladder";
import { entityId, UNKNOWN_ACTION } from "~/forms/fields";
import type { ReasonKind } from "~/forms/moderation-reasons";
import { type FormErrors, parseForm, submittedForm } from "~/forms/form-data.server";
import { closeDialogHref } from "~/lib/dialog-url";
import { logLine } from "~/lib/log.server";
import { env } from "~/config/env.server";
import type { AuditTarget } from "~/audit/record.server";
import { applyAction, type ActOn, type Found, type Outcome } from "~/recipe/outcome.server";
import { getCurrentUser } from "~/session/user.server";
import { failRowAction, invalidSubmission, rejectedSubmission } from "~/recipe/failure.server";
import { oncePerKey, type OnceArgs } from "~/recipe/once.server";
import { replaceWithInfo, replaceWithSuccess } from "~/session/toast.server";
import { isUpstreamError, upstreamFailure } from "~/upstream/errors";
import type { SavedMessageAction } from "~/lib/saved-message-actions";

/** What a submission's steps get from runOnce. */
export interface Submission {
  /** The request to call the upstream with: detached from the browser while a one-time key runs. */
  request: Request;
  /** The submitted form, read and checked once (submittedForm). */
  form: FormData;
  /** The same screen without the dialog params, search params kept: where a row action goes back to. */
  back: string;
}

/**
 * Runs a submission at most once per one-time key (decisions 019 and 032, app/recipe/once.server.ts):
 * a repeat of the same key from the same client gets the first one's answer without running, also
 * while the first is still in flight; a post without a key just runs. `run` gets the request
 * detached from the client, so a browser that drops the first post of a double click does not
 * cancel its upstream call. Only an answer that reached the upstream is remembered: a refused
 * submission, a re-rendered form or a 429 runs again when repeated.
 */
export async function runOnce<T>(args: OnceArgs, run: (submission: Submission) => Promise<T>): Promise<T> {
  const form = await submittedForm(args.request);
  const url = new URL(args.request.url);
  const back = closeDialogHref(url.pathname, url.search);
  return oncePerKey(args, form, (request) => run({ request, form, back }));
}

/**
 * Reads a submission's intent and fields with the screen's schema (a zod discriminated union on
 * `intent`, app/forms/). A submission the schema refuses is answered, never run: 400, 'Unknown
 * action' for a missing or unknown intent, else the first field's message (a malformed id).
 */
export function parseSubmission<S extends $ZodType>(form: FormData, schema: S) {
  const parsed = parseForm(form, schema);
  if (parsed.ok) return { ok: true as const, value: parsed.data };
  const message = parsed.errors.intent ? UNKNOWN_ACTION : (Object.values(parsed.errors)[0]?.message ?? UNKNOWN_ACTION);
  return { ok: false as const, rejected: rejectedSubmission(message, parsed.values, parsed.errors) };
}

/**
 * The default case of an action's switch: its argument is `never` once every intent of the
 * schema has its case, so an intent added to the schema alone fails the typecheck. Unreachable at
 * run time (parseSubmission answers an unknown intent); it answers as one if it were reached.
 */
export function unhandledIntent(_intent: never) {
  return rejectedSubmission(UNKNOWN_ACTION);
}

/**
 * A row action (ban, approve, delete, a toggle, Sync): what it acts on, what to check, what to
 * send, and its texts. The outcome core (outcome.server.ts) applies it and records its entry.
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

// ---------------------------------------------------------------------------------------------
// A screen's action table (docs/how-a-screen-works.md#the-action-table): one entry per action,
// keyed by its intent, with its label, reason, stale check, upstream call, toasts and the trail's
// word. The browser half, keyed the same, beside the route (`<screen>-actions.ts`: how each action
// is confirmed) types the keys, so an action in one half and not the other fails the typecheck.
// The route's intent schema (rowIntentSchema), its `switch` (tableRowAction), the bulk actions'
// select (bulkChoices), the batch runner (app/bulk/) and History's words all read it.

/** The optional message to the member an action sends after it succeeds in a batch (Reject's). */
export interface MemberMessage<S> {
  /** What the message field starts with (docs/product.md#bulk-actions). */
  defaultText: string;
  /**
   * Sends the message about an item whose action succeeded (the existing push call): with the
   * item's state as the run read it, or null when it sends the message alone, again ("Resend the
   * message"), after the action has changed the item.
   */
  send: (request: Request, id: string, state: S | null, text: string) => Promise<unknown>;
  /** The saved messages the bulk review page offers to start it with (docs/product.md#saved-messages). */
  saved?: SavedMessageAction;
}

/** What an admin set for one action beyond its target: a ban's end (null: permanent), the reason, who. */
export interface ActionTerms {
  until: number | null;
  reason: string | null;
  admin: string | null;
}

/** One target's terms as its post gives them: checked, with the message to the member, or the errors and what was typed. */
export type TermsRead =
  | { ok: true; value: ActionTerms & { message: string | null } }
  | { ok: false; errors: FormErrors; values: Record<string, unknown> };

/**
 * A ban's terms as its table entry declares them (docs/product.md#bans-with-an-end): what the
 * confirmation offers, the end a posted duration comes to, and how one target's post reads them.
 * The row action reads them itself (tableAction); the bulk Confirm reads its own fields with `until`.
 */
export interface BanTermsForm {
  offer: () => BanOffer;
  until: (duration: BanDuration, until: string | undefined) => BanEnd;
  read: (form: FormData, admin: string | null) => TermsRead;
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

/** One action of a screen's table: what the server does and says of it. */
export interface TableAction<S> {
  /** The action as the bulk select and the review page name it: "Ban". */
  label: string;
  /** The reason list a bulk run asks for (app/forms/moderation-reasons.ts), if any. */
  reason?: ReasonKind;
  /**
   * Why the action no longer applies to the target's current state, or null (it may look up who
   * changed it). An action without one is sent unread (a plan's delete: the upstream answers).
   */
  stale?: (state: S, id: string) => string | null | Promise<string | null>;
  /** The upstream call; resolves to the server's message, if any. `terms`: what the admin set for it (a ban's end). */
  send: (request: Request, id: string, terms?: ActionTerms) => Promise<string | null | void>;
  /** The Confirm form also asks a ban's terms: how long, why, the message (the users table's ban). */
  terms?: BanTermsForm;
  /** The detail of a done entry, when not the server's message (a timed ban: "Banned until ..."). */
  doneDetail?: (message: string | null, terms: ActionTerms | undefined) => string | null;
  /** The success toast when the server says nothing. */
  done: string;
  /** The failure's toast when the server's words may not be shown. */
  failed: string;
  /** What the audit trail, /audit's filter and History say it did. */
  records: ActionWord;
  /** Reject's message to the member, in a batch. */
  message?: MemberMessage<S>;
  /**
   * In a batch, a delete: the upstream's 404 means the item is gone already, which is what the
   * action is for, so it counts as done ('Already removed'), not as a failure to retry. (The row
   * action reads first and refuses a gone item before it sends.)
   */
  goneIsDone?: boolean;
}

/** A screen's action table: what its actions act on, how one target is read, and each action by its intent. */
export interface ActionTable<K extends string, S> {
  /** The audit trail's name for what the actions act on. */
  kind: AuditTarget["kind"];
  /** One target's current state and its name at the time (null: it is not there). */
  read: (request: Request, id: string) => Promise<Found<S> | null>;
  actions: Record<K, TableAction<S>>;
}

/** The table's intents, in its order. */
export function tableIntents<K extends string>(table: { actions: Record<K, unknown> }): [K, ...K[]] {
  return Object.keys(table.actions) as [K, ...K[]];
}

/** The bulk actions' select (docs/product.md#bulk-selection): each intent of the table with its label. */
export function bulkChoices<K extends string>(table: {
  actions: Record<K, { label: string }>;
}): (readonly [K, string])[] {
  return tableIntents(table).map((intent) => [intent, table.actions[intent].label] as const);
}

/** A row's post: one of the table's intents, on one well-formed id (`idMessage` when it is not). */
export function rowIntentSchema<K extends string>(intents: readonly [K, ...K[]], idMessage: string) {
  return z.object(
    { intent: z.enum(intents, { error: UNKNOWN_ACTION }), id: entityId(idMessage) },
    { error: UNKNOWN_ACTION },
  );
}

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
