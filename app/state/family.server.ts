import type { StateEngine } from "~/state/engine";
import { theStateEngine } from "~/state/state.server";

/**
 * One family of keys on the process's state engine (`<family>:<id>`; in Redis `panel:<family>:<id>`):
 * what every store of the panel's own is written with. Each family says in its module whether it
 * may be lost or must persist (docs/operations.md#the-panels-state).
 */
export interface StateFamily {
  /** Whether other processes share these keys (Redis), or this process holds them alone (StateEngine.shared). */
  shared(): Promise<boolean>;
  get(id: string): Promise<string | undefined>;
  /** The values of `ids`, in their order, read together (one Redis MGET). */
  getMany(ids: readonly string[]): Promise<(string | undefined)[]>;
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
  return familyOn(theStateEngine, name);
}

/** The family `name` on the engine `engine` answers (the process's, or one a unit test makes). */
export function familyOn(engine: () => Promise<StateEngine>, name: string): StateFamily {
  const key = (id: string) => `${name}:${id}`;
  return {
    shared: async () => (await engine()).shared,
    get: async (id) => (await engine()).get(key(id)),
    getMany: async (ids) => (await engine()).getMany(ids.map(key)),
    set: async (id, value, ttlSeconds) => (await engine()).set(key(id), value, ttlSeconds),
    delete: async (id) => (await engine()).delete(key(id)),
    take: async (id) => (await engine()).take(key(id)),
    claim: async (id, value, ttlSeconds) => (await engine()).claim(key(id), value, ttlSeconds),
    release: async (id, value) => (await engine()).release(key(id), value),
    increment: async (id, ttlSeconds) => (await engine()).increment(key(id), ttlSeconds),
    swap: async (id, expected, value, ttlSeconds) => (await engine()).swap(key(id), expected, value, ttlSeconds),
  };
}
