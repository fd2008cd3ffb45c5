/**
 * The selection a list's "Review" button sends (docs/product.md#bulk-actions), read from the
 * review page's URL: the action, which items (the ticked ids, or the list's whole query) and the
 * list's own params, which give the query and the way back to the list with its filters. The
 * form's "Select all" buttons send it here too, to be shown on the list (selectionShown).
 */
import type { BulkAction, BulkList } from "./bulk-list";
import { matchingQuery } from "~/components/ui/bulk-selection.server";
import { DIALOG_PARAMS } from "~/lib/dialog-url";
import { ENTITY_ID_PATTERN } from "~/lib/entity-id";

/**
 * The params the selection form and the review page add to the list's own; everything else is the
 * list's. `reviewPage` is the review page's own page of the selection.
 */
const SELECTION_PARAMS = ["action", "id", "pageId", "scope", "of", "select", "reviewPage", "index"] as const;

/** The most ids one URL may name (a page holds at most 100 rows); more are dropped, not read. */
const MAX_NAMED_IDS = 1_000;

export const BULK_TEXTS = {
  noAction: "Choose a bulk action, then Review.",
  unknownAction: "That bulk action does not exist on this list.",
  noSelection: "Select at least one item, then Review.",
} as const;

/** What the selection asks: by ids, or the list's query ("Select all matching"). */
export type Selection<S> =
  | { ok: false; message: string; back: string }
  | {
      ok: true;
      actionName: string;
      action: BulkAction<S>;
      scope: "ids" | "matching";
      /** Well-formed ids, each once, in the order sent (scope "ids"). */
      ids: string[];
      /** Ids sent that no list can hold (malformed). */
      malformed: string[];
      /** The list's own params: its query. */
      listParams: URLSearchParams;
      /** The list with its filters: where Cancel and "Back to the list" go. */
      back: string;
    };

/** The list's own params of a review URL: the selection's fields and dialog params left out. */
function listParamsOf(params: URLSearchParams): URLSearchParams {
  const list = new URLSearchParams(params);
  for (const name of [...SELECTION_PARAMS, ...DIALOG_PARAMS]) list.delete(name);
  return list;
}

/** The list's URL with its filters: `/users?status=banned`. */
export function listHref(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `/${path}?${query}` : `/${path}`;
}

/** Reads the selection of a review URL for a list: the list's query with `scope=matching`, else the ticked ids. */
export function readSelection<S, R>(url: URL, list: BulkList<S, R>): Selection<S> {
  const params = url.searchParams;
  const listParams = listParamsOf(params);
  const back = listHref(list.path, listParams);
  const actionName = params.get("action")?.trim() ?? "";
  if (actionName === "") return { ok: false, message: BULK_TEXTS.noAction, back };
  const action = Object.hasOwn(list.actions, actionName) ? list.actions[actionName] : undefined;
  if (!action) return { ok: false, message: BULK_TEXTS.unknownAction, back };

  if (params.getAll("scope").includes("matching")) {
    return { ok: true, actionName, action, scope: "matching", ids: [], malformed: [], listParams, back };
  }
  const unique = uniqueIds(params.getAll("id"));
  if (unique.length === 0) return { ok: false, message: BULK_TEXTS.noSelection, back };
  return {
    ok: true,
    actionName,
    action,
    scope: "ids",
    ids: unique.filter((id) => ENTITY_ID_PATTERN.test(id)),
    // Anything else is not on any list.
    malformed: unique.filter((id) => !ENTITY_ID_PATTERN.test(id)),
    listParams,
    back,
  };
}

/** Ids as sent, trimmed, each once, in order, at most MAX_NAMED_IDS. */
function uniqueIds(sent: readonly string[]): string[] {
  return [...new Set(sent.map((id) => id.trim()).filter((id) => id !== ""))].slice(0, MAX_NAMED_IDS);
}

/**
 * Where a "Select all" button of the list's selection form goes (docs/product.md#bulk-selection):
 * the list again, as it was, showing the selection: `select=page` ticks every row of the page (its
 * `pageId`s) besides the ticked ones, `select=matching` selects the list's whole query
 * (`scope=matching` and, in `of`, the query it holds: every row shown ticked), `select=none` and
 * `select=clear` clear it. The chosen
 * action goes along. Null for a URL that is not a "Select all" (a Review).
 */
export function selectionShown(url: URL, path: string): string | null {
  const params = url.searchParams;
  const select = params.get("select");
  if (select === null) return null;
  const shown = listParamsOf(params);
  const action = params.get("action")?.trim();
  if (action) shown.set("action", action);
  if (select === "matching") {
    shown.set("scope", "matching");
    shown.set("of", matchingQuery(params));
  } else if (select !== "none" && select !== "clear") {
    const ticked = select === "page" ? [...params.getAll("id"), ...params.getAll("pageId")] : params.getAll("id");
    for (const id of uniqueIds(ticked).filter((id) => ENTITY_ID_PATTERN.test(id))) shown.append("id", id);
  }
  return listHref(path, shown);
}
