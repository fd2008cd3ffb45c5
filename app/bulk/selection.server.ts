/**
 * The selection a list's "Review" button sends (docs/product.md#bulk-actions), read from the
 * review page's URL: the action, which items (the ticked ids, or the list's whole query) and the
 * list's own params, which give the query and the way back to the list with its filters. The
 * form's "Select all" buttons send it here too, to be shown on the list (selectionShown).
 */
import type { BulkList, FoundItem } from "./bulk-list";
import { matchingQuery } from "~/components/ui/bulk-selection.server";
import { DIALOG_PARAMS } from "~/lib/dialog-url";
import { ENTITY_ID_PATTERN } from "~/lib/entity-id";
import type { TableAction } from "~/recipe/action-table.server";

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
export type Selection<K extends string = string> =
  | { ok: false; message: string; back: string }
  | {
      ok: true;
      /** The chosen action: one of the list's table's intents. */
      intent: K;
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
export function readSelection<S, R, K extends string>(url: URL, list: BulkList<S, R, K>): Selection<K> {
  const params = url.searchParams;
  const listParams = listParamsOf(params);
  const back = listHref(list.path, listParams);
  const intent = params.get("action")?.trim() ?? "";
  if (intent === "") return { ok: false, message: BULK_TEXTS.noAction, back };
  if (!isIntentOf(list, intent)) return { ok: false, message: BULK_TEXTS.unknownAction, back };

  if (params.getAll("scope").includes("matching")) {
    return { ok: true, intent, scope: "matching", ids: [], malformed: [], listParams, back };
  }
  const unique = uniqueIds(params.getAll("id"));
  if (unique.length === 0) return { ok: false, message: BULK_TEXTS.noSelection, back };
  return {
    ok: true,
    intent,
    scope: "ids",
    ids: unique.filter((id) => ENTITY_ID_PATTERN.test(id)),
    // Anything else is not on any list.
    malformed: unique.filter((id) => !ENTITY_ID_PATTERN.test(id)),
    listParams,
    back,
  };
}

/** Whether `name` is one of the list's table's intents (an own key: not "toString"). */
function isIntentOf<K extends string>(list: { table: { actions: Record<K, unknown> } }, name: string): name is K {
  return Object.hasOwn(list.table.actions, name);
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

/**
 * What a selection comes to (docs/product.md#bulk-actions): the items the action applies to, the
 * ones it no longer applies to with the row action's own reason, and the ids not on the list.
 * The review page shows it; Confirm works it out again (the list may have changed meanwhile) and
 * resolves "Select all matching" then, up to BULK_MAX items the action still applies to.
 */
/** The most left-out items kept with their reasons; beyond it they are only counted. */
const STALE_KEPT = 1_000;

/** A resolved selection. */
export interface Resolved<S> {
  /** The items the action applies to, at most `max` of them. */
  toDo: FoundItem<S>[];
  /** The items it no longer applies to, each with why ("User Ann is already banned"): the first STALE_KEPT. */
  stale: { item: FoundItem<S>; why: string }[];
  /** How many items it no longer applies to, all of them. */
  staleCount: number;
  /** Ids that are not on the list (tampered, an administrator on users, unknown). */
  notOnList: string[];
  /** True when more ids were named than the cap: only the first `max` are kept. */
  capped: boolean;
  /**
   * "Select all matching": the matching items the action applies to beyond the first `max`, which
   * this run does not reach (a next run takes them, the ones done now being left out then).
   */
  notReached: number;
}

type ReadySelection = Extract<Selection, { ok: true }>;

/**
 * The selection's items: the named ids found on the list, or the list's query's rows. Matching rows
 * the action no longer applies to are left out as they are read, so the first `max` it still
 * applies to are taken, and the rest of the list is read to count the ones not reached.
 */
export async function resolveSelection<S, R>(
  request: Request,
  list: BulkList<S, R>,
  selection: ReadySelection,
  action: TableAction<S>,
  max: number,
): Promise<Resolved<S>> {
  const resolved: Resolved<S> = {
    toDo: [],
    stale: [],
    staleCount: 0,
    notOnList: [...selection.malformed],
    capped: false,
    notReached: 0,
  };
  const take = async (item: FoundItem<S>) => {
    const why = await action.stale?.(item.state, item.id);
    if (why) {
      resolved.staleCount++;
      if (resolved.stale.length < STALE_KEPT) resolved.stale.push({ item, why });
    } else if (resolved.toDo.length < max) resolved.toDo.push(item);
    else resolved.notReached++;
  };
  if (selection.scope === "matching") {
    for await (const page of list.pages(request, selection.listParams)) {
      for (const row of page) await take(list.fromRow(row));
    }
    return resolved;
  }
  resolved.capped = selection.ids.length > max;
  const ids = selection.ids.slice(0, max);
  const states = await list.find(request, ids);
  for (const id of ids) {
    const item = states.get(id);
    if (item) await take(item);
    else resolved.notOnList.push(id);
  }
  return resolved;
}
