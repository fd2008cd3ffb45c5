/**
 * What a list's bulk actions act on (docs/product.md#bulk-actions): the list's action table
 * (app/recipe/action-table.server.ts) and how its items are found, one per list (users,
 * citizenship requests, posts, announcements) beside the list's route, read by the bulk helpers
 * (review, batch runner, results) that the list's bulk routes call.
 */
import type { ActionTable } from "~/recipe/action-table.server";

/** One item as the review page finds it: its id, its name, and the state the action's check reads. */
export interface FoundItem<S> {
  id: string;
  name: string;
  /** The member it belongs to, where it is not the member itself (a post's author): its audit entries' owner. */
  owner?: string | null;
  state: S;
}

/** A list's bulk actions: where the list is, what its items are, how to find them and what to do. */
export interface BulkList<S, Row = unknown, K extends string = string> {
  /** The list's path without its slash, as in `/users/bulk`: "users". */
  path: string;
  /** The list's title: "Users". */
  title: string;
  /** What one item and several are called: "user", "users". */
  noun: { one: string; many: string };
  /** The list's action table: its kind, and its actions by the value the "Bulk action" select sends. */
  table: ActionTable<K, S>;
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
