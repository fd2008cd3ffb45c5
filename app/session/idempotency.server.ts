/**
 * Where the panel remembers what each one-time form key led to (decision 019). The interface is
 * small and async so a shared store (Redis, for several instances) can stand in for the memory one.
 */

/**
 * What a finished submission answered, enough to answer the same again: a redirect (with its
 * toast cookie), or the data of a re-rendered form. Plain JSON, so any store can keep it.
 */
export type RememberedOutcome =
  { kind: "redirect"; status: number; headers: [string, string][] } | { kind: "data"; status: number; body: unknown };

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

/** One process's store: a map with expiry times, swept as it is used. */
export function memoryIdempotencyStore(now: () => number = Date.now): IdempotencyStore {
  const entries = new Map<string, { value: KeyState; expires: number }>();
  const sweep = () => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expires <= time) entries.delete(key);
  };
  return {
    async get(key) {
      sweep();
      return entries.get(key)?.value;
    },
    async setIfAbsent(key, ttlMs) {
      sweep();
      if (entries.has(key)) return false;
      entries.set(key, { value: { state: "pending" }, expires: now() + ttlMs });
      return true;
    },
    async complete(key, outcome, ttlMs) {
      if (outcome) entries.set(key, { value: { state: "done", outcome }, expires: now() + ttlMs });
      else entries.delete(key);
    },
  };
}

let store: IdempotencyStore = memoryIdempotencyStore();

/** The store in use (memory unless another was installed at boot). */
export function idempotencyStore(): IdempotencyStore {
  return store;
}

/** Installs another store (e.g. a shared one) at boot. */
export function installIdempotencyStore(next: IdempotencyStore): void {
  store = next;
}
