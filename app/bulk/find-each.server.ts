import type { FoundItem } from "./bulk-list";
import { inPool } from "./pool";
import { BULK_CONCURRENCY } from "./bulk-action.server";
import { isUpstreamError } from "~/upstream/errors";

/**
 * Finds selected items one upstream read each (a list with a get-one call: users), at most
 * BULK_CONCURRENCY in flight. `read` answers null for an item that is not on the list; an item
 * the upstream does not know (404) is not on it either.
 */
export async function findEach<S>(
  ids: readonly string[],
  read: (id: string) => Promise<FoundItem<S> | null>,
): Promise<Map<string, FoundItem<S> | null>> {
  const found = new Map<string, FoundItem<S> | null>();
  await inPool(ids, BULK_CONCURRENCY, async (id) => {
    try {
      found.set(id, await read(id));
    } catch (error) {
      if (isUpstreamError(error) && error.status === 404) found.set(id, null);
      else throw error;
    }
  });
  return found;
}
