/**
 * What a selection comes to (docs/product.md#bulk-actions): the items the action applies to, the
 * ones it no longer applies to with the row action's own reason, and the ids not on the list.
 * The review page shows it; Confirm works it out again (the list may have changed meanwhile) and
 * resolves "Select all matching" then, up to BULK_MAX items the action still applies to.
 */
import type { BulkList, FoundItem } from "./bulk-list";
import type { Selection } from "./selection.server";

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

type ReadySelection<S> = Extract<Selection<S>, { ok: true }>;

/**
 * The selection's items: the named ids found on the list, or the list's query's rows. Matching rows
 * the action no longer applies to are left out as they are read, so the first `max` it still
 * applies to are taken, and the rest of the list is read to count the ones not reached.
 */
export async function resolveSelection<S, R>(
  request: Request,
  list: BulkList<S, R>,
  selection: ReadySelection<S>,
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
    const why = await selection.action.stale(item.state, item.id);
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
