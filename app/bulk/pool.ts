/**
 * Runs `work` on every item with at most `limit` in flight at once, in order of the items; resolves
 * when all have settled (work is expected to handle its own failures). The bulk runs' "at most 10
 * items in flight per batch" (docs/product.md#bulk-actions).
 */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A gate that lets at most `limit` tasks run at once; the others wait their turn, first come first
 * served. The bulk runs' "at most 20 items in flight per panel process, whatever the batches".
 */
export function gate(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function through<T>(task: () => Promise<T>): Promise<T> {
    if (active < limit) active++;
    // The task that ends hands its place to the first one waiting.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
