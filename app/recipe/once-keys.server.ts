/**
 * What the panel remembers of each one-time form key (decisions 019, 032): claimed by a submission
 * while it runs, then its outcome for a few minutes. On the state engine (`once:<key>`): in this
 * process's bounded memory under `npm start` (state.server.ts), in Redis for several instances, so
 * a repeat the balancer sends to another instance is answered there too. May be lost: a repeat of
 * a forgotten key runs again. While Redis does not answer, the keys hold on this instance alone.
 */
import { logLine } from "~/lib/log.server";
import { memoryEngine } from "~/state/engine";
import { type StateFamily, stateFamily } from "~/state/family.server";

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

const PENDING = JSON.stringify({ state: "pending" } satisfies KeyState);
/** The keys this instance keeps while the shared store is away: bounded, like the embedded ones. */
const LOCAL_KEYS_MAX = 5_000;

const shared = stateFamily("once");
const local = memoryEngine(Date.now, new Map(), LOCAL_KEYS_MAX);
let away = false;

/** The family's call, or this instance's memory while the shared store fails. */
async function either<T>(call: (keys: Pick<StateFamily, "get" | "set" | "delete" | "claim">) => Promise<T>) {
  try {
    const answer = await call(shared);
    away = false;
    return answer;
  } catch (error) {
    if (!away) {
      away = true;
      logLine("warn", "one-time keys kept on this instance only", { error: String(error) });
    }
    return call({
      get: (key) => local.get(`once:${key}`),
      set: (key, value, ttl) => local.set(`once:${key}`, value, ttl),
      delete: (key) => local.delete(`once:${key}`),
      claim: (key, value, ttl) => local.claim(`once:${key}`, value, ttl),
    });
  }
}

/** The state of `key`, or undefined when it is not (or no longer) known. */
export async function keyState(key: string): Promise<KeyState | undefined> {
  const stored = await either((keys) => keys.get(key));
  return stored === undefined ? undefined : (JSON.parse(stored) as KeyState);
}

/** Claims `key` for a submission that runs now; false when someone holds it already. */
export async function claimKey(key: string, ttlMs: number): Promise<boolean> {
  return (await either((keys) => keys.claim(key, PENDING, ttlMs / 1000))) === undefined;
}

/** Stores the outcome of a claimed key, or forgets the key (null) so that it may be sent again. */
export async function completeKey(key: string, outcome: RememberedOutcome | null, ttlMs: number): Promise<void> {
  if (!outcome) return either((keys) => keys.delete(key));
  const done: KeyState = { state: "done", outcome };
  return either((keys) => keys.set(key, JSON.stringify(done), ttlMs / 1000));
}
