/**
 * What a list's bulk actions are, as data (docs/product.md#bulk-actions): one table per list
 * (users, citizenship requests, posts, announcements), beside the list's route, read by the one
 * implementation of the review page, the run and the results (app/bulk/).
 */
import type { ReasonKind } from "~/forms/moderation-reasons";
import type { AuditTarget } from "~/session/audit.server";

/** One item as the review page finds it: its id, its name, and the state the action's check reads. */
export interface FoundItem<S> {
  id: string;
  name: string;
  /** The member it belongs to, where it is not the member itself (a post's author): its audit entries' owner. */
  owner?: string | null;
  state: S;
}

/** The optional message to the member a bulk action sends after it succeeds (Reject's). */
export interface MemberMessage<S> {
  /** What the message field starts with (docs/product.md#bulk-actions). */
  defaultText: string;
  /**
   * Sends the message about an item whose action succeeded (the existing push call): with the
   * item's state as the run read it, or null when it sends the message alone, again ("Resend the
   * message"), after the action has changed the item.
   */
  send: (request: Request, id: string, state: S | null, text: string) => Promise<unknown>;
}

/** One bulk action of a list: its label, its reason, the row action's check and upstream call. */
export interface BulkAction<S> {
  /** The action as the select and the review page name it: "Ban". */
  label: string;
  /** The reason list it asks for (app/forms/moderation-reasons.ts), if it asks for one. */
  reason?: ReasonKind;
  /** The row action's own check: why the action no longer applies to the item, or null (it may look up who changed it). */
  stale: (state: S, id: string) => string | null | Promise<string | null>;
  /** The row action's upstream call; resolves to the server's message, if any. */
  send: (request: Request, id: string) => Promise<string | null | void>;
  /** Reject's message to the member. */
  message?: MemberMessage<S>;
  /**
   * A delete: the upstream's 404 means the item is gone already, which is what the action is for,
   * so it counts as done ('Already removed'), not as a failure to retry.
   */
  goneIsDone?: boolean;
}

/** A list's bulk actions: where the list is, what its items are, how to find them and what to do. */
export interface BulkList<S, Row = unknown> {
  /** The list's path without its slash, as in `/users/bulk`: "users". */
  path: string;
  /** The list's title: "Users". */
  title: string;
  /** What one item and several are called: "user", "users". */
  noun: { one: string; many: string };
  /** The audit trail's name for an item of this list. */
  kind: AuditTarget["kind"];
  /** The list's actions by the value the "Bulk action" select sends. */
  actions: Record<string, BulkAction<S>>;
  /**
   * The current state of each selected id (well-formed ones), or null for an id that is not on
   * the list (an administrator on users, an unknown or tampered id). The review page reads it for
   * the selection, and the run for each item right before sending: the row action's own read
   * (GET /users/{id}; the pending requests, the posts, the announcements list).
   */
  find: (request: Request, ids: readonly string[]) => Promise<Map<string, FoundItem<S> | null>>;
  /** Every row the list's query matches, page by page (the list's iterator, list-rows.server.ts). */
  pages: (request: Request, params: URLSearchParams) => AsyncIterable<readonly Row[]>;
  /** A row of the iterator as an item. */
  fromRow: (row: Row) => FoundItem<S>;
  /** Where an item is seen in the panel: the review and results pages link each name there. */
  itemHref: (item: { id: string; name: string }) => string;
}
