/**
 * What a screen's action table is (docs/how-a-screen-works.md#the-action-table): one entry per
 * action, keyed by its intent, with its label, reason, stale check, upstream call, toasts and the
 * trail's word. The browser half, keyed the same, beside the route (`<screen>-actions.ts`: how each
 * action is confirmed) types the keys, so an action in one half and not the other fails the
 * typecheck. The outcome core applies an entry to one target (tableAction, tableRowAction:
 * app/recipe/outcome.server.ts); the route's intent schema (rowIntentSchema), the bulk actions'
 * select (bulkChoices), the batch runner (app/bulk/) and History's words read it too.
 */
import * as z from "zod/mini";

import type { ActionWord, AuditTarget } from "~/audit/entry";
import type { BanDuration, BanEndRead, BanOffer } from "~/lib/ban-ladder";
import { entityId, UNKNOWN_ACTION } from "~/forms/fields";
import type { ReasonKind } from "~/forms/moderation-reasons";
import type { FormErrors } from "~/forms/form-data.server";
import type { SavedMessageAction } from "~/lib/saved-message-actions";

/** A target as the action's read found it: its name at the time, its member, and its state. */
export interface Found<S> {
  name: string | null;
  /** The member it belongs to, where it is not the member itself (a post's author). */
  owner?: string | null;
  state: S;
}

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
  until: (duration: BanDuration, until: string | undefined) => BanEndRead;
  read: (form: FormData, admin: string | null) => TermsRead;
}

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
