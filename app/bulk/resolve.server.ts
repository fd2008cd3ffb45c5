/**
 * What a selection comes to (docs/product.md#bulk-actions): the items the action applies to, the
 * ones it no longer applies to with the row action's own reason, and the ids not on the list.
 * The review page shows it; Confirm works it out again (the list may have changed meanwhile) and
 * resolves "Select all matching" then, up to BULK_MAX items.
 */
import type { BulkList, FoundItem } from "./bulk-list";
import type { Selection } from "./selection.server";

/** A resolved selection. */
export interface Resolved<S> {
  /** The items the action applies to, at most `max` of them. */
  toDo: FoundItem<S>[];
  /** The items it no longer applies to, each with why ("User Ann is already banned"). */
  stale: { item: FoundItem<S>; why: string }[];
  /** Ids that are not on the list (tampered, an administrator on users, unknown). */
  notOnList: string[];
  /** True when more items were selected or matched than the cap: only the first `max` are kept. */
  capped: boolean;
}

type ReadySelection<S> = Extract<Selection<S>, { ok: true }>;

/** The selection's items: the named ids found on the list, or the list's query's rows, the first `max` of them. */
export async function resolveSelection<S, R>(
  request: Request,
  list: BulkList<S, R>,
  selection: ReadySelection<S>,
  max: number,
): Promise<Resolved<S>> {
  const found: FoundItem<S>[] = [];
  const notOnList = [...selection.malformed];
  let capped = false;
  if (selection.scope === "matching") {
    pages: for await (const page of list.pages(request, selection.listParams)) {
      for (const row of page) {
        if (found.length === max) {
          capped = true;
          break pages;
        }
        found.push(list.fromRow(row));
      }
    }
  } else {
    capped = selection.ids.length > max;
    const ids = selection.ids.slice(0, max);
    const states = await list.find(request, ids);
    for (const id of ids) {
      const item = states.get(id);
      if (item) found.push(item);
      else notOnList.push(id);
    }
  }
  const toDo: FoundItem<S>[] = [];
  const stale: Resolved<S>["stale"] = [];
  for (const item of found) {
    const why = selection.action.stale(item.state);
    if (why) stale.push({ item, why });
    else toDo.push(item);
  }
  return { toDo, stale, notOnList, capped };
}
