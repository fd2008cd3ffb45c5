/**
 * Where the panel remembers what each one-time form key led to (decision 019). The interface is
 * small and async so a shared store (Redis, for several instances) can stand in for the memory one.
 */
import type { Redis } from "ioredis";

import { processStore } from "~/state/redis.server";

/**
 * What a finished submission answered, enough to answer the same again: a redirect (with its
 * toast cookie), the data of a re-rendered form, or only that it was answered (an answer too
 * large to keep). Plain JSON, so any store can keep it.
 */
export type RememberedOutcome =
  | { kind: "redirect"; status: number; headers: [string, string][] }
  | { kind: "data"; status: number; body: unknown }
  | { kind: "answered" };

/** A key's state: claimed by a submission still running, or finished with its outcome. */
export type KeyState = { state: "pending" } | { state: "done"; outcome: RememberedOutcome };

/** The key store: get, claim (set-if-absent) and complete (null forgets the key). */
export interface IdempotencyStore {
  get(key: string): Promise<KeyState | undefined>;
  /** Claims `key` as pending; false when someone already holds it. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  /** Stores the outcome of a claimed key, or forgets the key (null) so it may be sent again. */
  complete(key: string, outcome: RememberedOutcome | null, ttlMs: number): Promise<void>;
}

/**
 * The most keys one process remembers. Only submissions that reached the upstream are kept, each
 * at most a few KB (runOnce), for minutes: a few admins use a handful; this bounds the rest.
 */
export const MAX_MEMORY_KEYS = 5_000;

/**
 * One process's store: a map with expiry times, at most `maxKeys` entries. Map keeps insertion
 * order and every write re-inserts, so the first entry is the least recently written: it goes
 * first when the map is full.
 */
export function memoryIdempotencyStore(now: () => number = Date.now, maxKeys = MAX_MEMORY_KEYS): IdempotencyStore {
  const entries = new Map<string, { value: KeyState; expires: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expires > now()) return entry;
    entries.delete(key);
    return undefined;
  };
  const write = (key: string, value: KeyState, ttlMs: number) => {
    entries.delete(key);
    entries.set(key, { value, expires: now() + ttlMs });
    for (const oldest of entries.keys()) {
      if (entries.size <= maxKeys) break;
      entries.delete(oldest);
    }
  };
  return {
    async get(key) {
      return live(key)?.value;
    },
    async setIfAbsent(key, ttlMs) {
      if (live(key)) return false;
      write(key, { state: "pending" }, ttlMs);
      return true;
    },
    async complete(key, outcome, ttlMs) {
      if (outcome) write(key, { state: "done", outcome }, ttlMs);
      else entries.delete(key);
    },
  };
}

/**
 * The keys in Redis, shared by every instance (decision 018): a repeat that the balancer sends
 * to another instance is answered there too. SET NX claims a key atomically; keys expire by TTL,
 * and each holds at most a few KB (runOnce keeps only small outcomes).
 */
export function redisIdempotencyStore(redis: Redis, prefix = "panel:once:"): IdempotencyStore {
  return {
    async get(key) {
      const value = await redis.get(prefix + key);
      return value === null ? undefined : (JSON.parse(value) as KeyState);
    },
    async setIfAbsent(key, ttlMs) {
      const pending: KeyState = { state: "pending" };
      return (await redis.set(prefix + key, JSON.stringify(pending), "PX", ttlMs, "NX")) === "OK";
    },
    async complete(key, outcome, ttlMs) {
      if (!outcome) {
        await redis.del(prefix + key);
        return;
      }
      const done: KeyState = { state: "done", outcome };
      await redis.set(prefix + key, JSON.stringify(done), "PX", ttlMs);
    },
  };
}

/**
 * A shared store that falls back to this instance's memory while it cannot be reached, so a
 * Redis outage never fails a submission: the keys then hold per instance, as with one instance.
 */
function withFallback(shared: IdempotencyStore, local: IdempotencyStore): IdempotencyStore {
  const either =
    <A extends unknown[], R>(call: (store: IdempotencyStore, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(shared, ...args);
      } catch {
        return call(local, ...args);
      }
    };
  return {
    get: either((store, key: string) => store.get(key)),
    setIfAbsent: either((store, key: string, ttlMs: number) => store.setIfAbsent(key, ttlMs)),
    complete: either((store, key: string, outcome: RememberedOutcome | null, ttlMs: number) =>
      store.complete(key, outcome, ttlMs),
    ),
  };
}

/** The store in use: Redis when REDIS_URL is set (with memory while it is down), else memory. */
export const idempotencyStore = processStore<IdempotencyStore>({
  redis: (redis) => withFallback(redisIdempotencyStore(redis), memoryIdempotencyStore()),
  memory: () => memoryIdempotencyStore(),
});
