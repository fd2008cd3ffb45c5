import { ClassicLevel } from "classic-level";

import { type Expiring, memoryEngine, type StateEngine } from "~/state/engine";

/**
 * The embedded engine: every key in this process's memory for reads, and on disk (LevelDB through
 * classic-level, in STATE_DIR) so that what must persist outlives a restart of `npm start`. One
 * process holds the directory, so the memory copy is never stale. Keys are loaded when the engine
 * opens; expired ones are dropped then, and removed from disk as they are found.
 */
export async function levelStateEngine(dir: string, now: () => number = Date.now): Promise<StateEngine> {
  const db = new ClassicLevel<string, string>(dir, { valueEncoding: "utf8" });
  await db.open();
  const entries = new Map<string, Expiring>();
  const expired: string[] = [];
  for await (const [key, stored] of db.iterator()) {
    const entry = JSON.parse(stored) as Expiring;
    if (entry.expires > now()) entries.set(key, entry);
    else expired.push(key);
  }
  if (expired.length > 0) await db.batch(expired.map((key) => ({ type: "del" as const, key })));
  const memory = memoryEngine(now, entries);
  return {
    shared: false,
    get: memory.get,
    getMany: memory.getMany,
    async set(key, value, ttlSeconds) {
      await memory.set(key, value, ttlSeconds);
      await db.put(key, JSON.stringify(entries.get(key)));
    },
    async delete(key) {
      await memory.delete(key);
      await db.del(key);
    },
    async take(key) {
      const value = await memory.take(key);
      if (value !== undefined) await db.del(key);
      return value;
    },
    // The memory copy decides at once (one process holds the directory), then the disk follows.
    async claim(key, value, ttlSeconds) {
      const held = await memory.claim(key, value, ttlSeconds);
      if (held === undefined) await db.put(key, JSON.stringify(entries.get(key)));
      return held;
    },
    async release(key, value) {
      const held = await memory.get(key);
      if (held !== value) return;
      await memory.delete(key);
      await db.del(key);
    },
    async increment(key, ttlSeconds) {
      const count = await memory.increment(key, ttlSeconds);
      await db.put(key, JSON.stringify(entries.get(key)));
      return count;
    },
    async swap(key, expected, value, ttlSeconds) {
      const swapped = await memory.swap(key, expected, value, ttlSeconds);
      if (swapped) await db.put(key, JSON.stringify(entries.get(key)));
      return swapped;
    },
    close: () => db.close(),
  };
}
