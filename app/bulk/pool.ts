/**
 * Runs `work` on every item with at most `limit` in flight at once, in order of the items; resolves
 * when all have settled (work is expected to handle its own failures). The bulk runs' "at most 4
 * upstream calls in flight" (docs/product.md#bulk-actions).
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
