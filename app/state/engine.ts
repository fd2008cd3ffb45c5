/**
 * The panel's own state (docs/operations.md#the-panels-state): one small key-value engine
 * with expiring keys, behind every family of records the panel keeps. The embedded default keeps
 * them on disk under `npm start` (level-engine.server.ts); Redis (redis-engine.server.ts) shares
 * them between instances. Each family names its keys `<family>:<id>` and says whether it may be
 * evicted (`panel:` keys with a TTL in Redis) or must persist (docs/operations.md#the-panels-state).
 */

/** A key-value store whose every key expires. */
export interface StateEngine {
  /**
   * Whether other processes read and write the same keys (Redis), or this process holds them alone
   * (memory, the embedded engine's directory): a key another process wrote is then a former one's.
   */
  readonly shared: boolean;
  /** The value under `key`, or undefined when there is none or it has expired. */
  get(key: string): Promise<string | undefined>;
  /** The values under `keys`, in their order, read together (one Redis MGET); undefined where there is none. */
  getMany(keys: readonly string[]): Promise<(string | undefined)[]>;
  /** Stores `value` under `key` for `ttlSeconds`. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Removes `key` (nothing happens when it is not there). */
  delete(key: string): Promise<void>;
  /** The value under `key`, removed as it is read (at once: two readers never both get it). */
  take(key: string): Promise<string | undefined>;
  /**
   * Stores `value` under `key` for `ttlSeconds` unless the key holds a value already (at once: of
   * two callers one gets it). Resolves with undefined when it stored, else with the value held.
   */
  claim(key: string, value: string, ttlSeconds: number): Promise<string | undefined>;
  /** Removes `key` if it still holds `value` (a claim whose time ran out and was taken again stays). */
  release(key: string, value: string): Promise<void>;
  /** Adds one to the count under `key` (0 when absent) and answers it; the key lives `ttlSeconds` from then. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /** Replaces `expected` under `key` with `value` for `ttlSeconds`, at once; false when the key holds anything else. */
  swap(key: string, expected: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Releases what the engine holds (files, connections). */
  close(): Promise<void>;
}

/** A stored value and the time (ms since the epoch) it expires. */
export interface Expiring {
  value: string;
  expires: number;
}

/**
 * An engine over a Map in this process, for unit tests and as the embedded engine's cache: a
 * key is one lookup; expired keys are swept when a key is added, at most once a minute.
 */
export function memoryEngine(
  now: () => number = Date.now,
  entries = new Map<string, Expiring>(),
  maxKeys = Infinity,
): StateEngine {
  let swept = 0;
  // Every write re-inserts its key, so the Map's first key is the least recently written: it goes
  // first past `maxKeys` (a store strangers can fill: the one-time keys of public forms).
  const write = (key: string, entry: Expiring) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
  };
  // Synchronous inside: a check and the change that follows it are one step of the event loop.
  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > now()) return entry.value;
    entries.delete(key);
    return undefined;
  };
  return {
    shared: false,
    get: async (key) => live(key),
    getMany: async (keys) => keys.map(live),
    async take(key) {
      const value = live(key);
      entries.delete(key);
      return value;
    },
    async claim(key, value, ttlSeconds) {
      const held = live(key);
      if (held !== undefined) return held;
      write(key, { value, expires: now() + ttlSeconds * 1000 });
      return undefined;
    },
    async release(key, value) {
      if (live(key) === value) entries.delete(key);
    },
    async increment(key, ttlSeconds) {
      const count = Number(live(key) ?? 0) + 1;
      write(key, { value: String(count), expires: now() + ttlSeconds * 1000 });
      return count;
    },
    async swap(key, expected, value, ttlSeconds) {
      if (live(key) !== expected) return false;
      write(key, { value, expires: now() + ttlSeconds * 1000 });
      return true;
    },
    async set(key, value, ttlSeconds) {
      const time = now();
      if (time - swept > 60_000) {
        swept = time;
        for (const [stored, { expires }] of entries) if (expires <= time) entries.delete(stored);
      }
      write(key, { value, expires: time + ttlSeconds * 1000 });
    },
    async delete(key) {
      entries.delete(key);
    },
    async close() {},
  };
}

/**
 * One engine made of two: keys under one of `prefixes` go to `apart` (the embedded engine's
 * one-time keys, kept in bounded memory, not on disk), every other key to `rest`.
 */
export function splitEngine(prefixes: readonly string[], apart: StateEngine, rest: StateEngine): StateEngine {
  const pick = (key: string) => (prefixes.some((prefix) => key.startsWith(prefix)) ? apart : rest);
  return {
    shared: rest.shared,
    get: (key) => pick(key).get(key),
    async getMany(keys) {
      // Each engine reads its own keys together; the answers go back in the keys' order.
      const values = new Array<string | undefined>(keys.length);
      await Promise.all(
        [apart, rest].map(async (engine) => {
          const mine = keys.flatMap((key, index) => (pick(key) === engine ? [index] : []));
          if (mine.length === 0) return;
          const found = await engine.getMany(mine.map((index) => keys[index]!));
          mine.forEach((index, at) => (values[index] = found[at]));
        }),
      );
      return values;
    },
    set: (key, value, ttlSeconds) => pick(key).set(key, value, ttlSeconds),
    delete: (key) => pick(key).delete(key),
    take: (key) => pick(key).take(key),
    claim: (key, value, ttlSeconds) => pick(key).claim(key, value, ttlSeconds),
    release: (key, value) => pick(key).release(key, value),
    increment: (key, ttlSeconds) => pick(key).increment(key, ttlSeconds),
    swap: (key, expected, value, ttlSeconds) => pick(key).swap(key, expected, value, ttlSeconds),
    close: async () => {
      await Promise.all([apart.close(), rest.close()]);
    },
  };
}
