import path from "node:path";

import { env } from "~/config/env.server";
import { sharedRedis } from "~/state/redis.server";
import { memoryEngine, splitEngine, type StateEngine } from "~/state/engine";
import { levelStateEngine } from "~/state/level-engine.server";
import { redisStateEngine } from "~/state/redis-engine.server";

// Kept on globalThis: under `npm run dev` Vite evaluates this module again after an edit, and the
// embedded engine's directory is held by the first copy (one process holds a LevelDB).
const held = globalThis as { panelStateEngine?: Promise<StateEngine> };

/**
 * The process's state engine, opened on first use: Redis when REDIS_URL is set (every instance
 * sees the same), else the embedded engine in STATE_DIR (decision 064).
 */
export function theStateEngine(): Promise<StateEngine> {
  held.panelStateEngine ??= open().catch((error: unknown) => {
    held.panelStateEngine = undefined;
    throw error;
  });
  return held.panelStateEngine;
}

/** Puts `engine` in place of the configured one (the stores' tests run one engine after the other). */
export function provideStateEngine(engine: StateEngine): void {
  held.panelStateEngine = Promise.resolve(engine);
}

/**
 * The one-time keys of the embedded engine, in this process's memory only (they live minutes, and
 * a restart forgets nothing anyone needs), at most this many: public forms' keys are strangers'.
 */
const ONCE_KEYS_MAX = 5_000;

async function open(): Promise<StateEngine> {
  const redis = sharedRedis();
  if (redis) return redisStateEngine(redis);
  const level = await levelStateEngine(path.resolve(env().STATE_DIR));
  return splitEngine(["once:"], memoryEngine(Date.now, new Map(), ONCE_KEYS_MAX), level);
}

/** At shutdown (server.js, once the last request is answered): closes the engine. */
export async function closeTheStateEngine(): Promise<void> {
  const engine = held.panelStateEngine;
  held.panelStateEngine = undefined;
  if (engine) await (await engine.catch(() => undefined))?.close();
}
