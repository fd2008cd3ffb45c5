import { theStateEngine } from "~/state/state.server";

/**
 * One family of keys on the process's state engine (`<family>:<id>`; in Redis `panel:<family>:<id>`):
 * what every store of the panel's own is written with. Each family says in its module whether it
 * may be lost or must persist (docs/operations.md#the-panels-state).
 */
export interface StateFamily {
  get(id: string): Promise<string | undefined>;
  set(id: string, value: string, ttlSeconds: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** The value, removed as it is read: one reader gets it. */
  take(id: string): Promise<string | undefined>;
  /** Stores unless a value is there (one of many callers gets it); answers the value held, or undefined. */
  claim(id: string, value: string, ttlSeconds: number): Promise<string | undefined>;
  /** Removes the key while it holds `value`. */
  release(id: string, value: string): Promise<void>;
  /** Adds one to the count (0 when absent) and answers it. */
  increment(id: string, ttlSeconds: number): Promise<number>;
  /** Replaces `expected` with `value` at once; false when the key holds anything else. */
  swap(id: string, expected: string, value: string, ttlSeconds: number): Promise<boolean>;
}

/** The family `name` on the state engine. */
export function stateFamily(name: string): StateFamily {
  const key = (id: string) => `${name}:${id}`;
  return {
    get: async (id) => (await theStateEngine()).get(key(id)),
    set: async (id, value, ttlSeconds) => (await theStateEngine()).set(key(id), value, ttlSeconds),
    delete: async (id) => (await theStateEngine()).delete(key(id)),
    take: async (id) => (await theStateEngine()).take(key(id)),
    claim: async (id, value, ttlSeconds) => (await theStateEngine()).claim(key(id), value, ttlSeconds),
    release: async (id, value) => (await theStateEngine()).release(key(id), value),
    increment: async (id, ttlSeconds) => (await theStateEngine()).increment(key(id), ttlSeconds),
    swap: async (id, expected, value, ttlSeconds) =>
      (await theStateEngine()).swap(key(id), expected, value, ttlSeconds),
  };
}
